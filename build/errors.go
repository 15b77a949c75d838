package build

import (
	"strconv"
	"strings"

	"panto/diag"
)

// BuildError is a failed build: every error found (and the warnings), in
// file order. No bundle was written.
type BuildError struct {
	Diagnostics diag.List
}

// Errors counts the diagnostics that are errors.
func (e *BuildError) Errors() int { return e.Diagnostics.Errors() }

func (e *BuildError) Error() string {
	n := e.Errors()
	var b strings.Builder
	for _, d := range e.Diagnostics {
		if d.Severity == diag.Error {
			b.WriteString(d.String())
			b.WriteByte('\n')
		}
	}
	if n == 1 {
		b.WriteString("1 error")
	} else {
		b.WriteString(strconv.Itoa(n) + " errors")
	}
	return b.String()
}
