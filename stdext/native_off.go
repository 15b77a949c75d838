//go:build !pantonative

package stdext

// Native reports whether the base layer's precompiled, native form is
// linked in (the pantonative build tag, `make build`; see cmd/stdgen).
// Without it the base layer is compiled at start-up and interpreted.
const Native = false
