//go:build pantonative

package stdext

// Built with the pantonative tag (make build does), panto links the base
// layer compiled ahead of time by cmd/stdgen (`make generate`): its
// sources load without compiling and run as native Go code.
import _ "panto/stdext/native"

// Native reports whether the base layer's precompiled, native form is
// linked in.
const Native = true
