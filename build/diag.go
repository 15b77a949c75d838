package build

import (
	"sort"
	"strconv"
	"strings"
)

// Diagnostic is one problem found by a build: a syntax error, an ABI
// check, a discovery warning.
type Diagnostic struct {
	// File is the path as the user typed it, relative to the working
	// directory (so editors and terminals can jump to it); "" when the
	// problem has no file.
	File string
	// Line and Col are 1-based; 0 when unknown.
	Line, Col int
	Msg       string
	// Warning is true for problems that do not stop a build unless
	// Options.Strict is set.
	Warning bool
}

// String formats the diagnostic as compilers do: "file:line:col: msg",
// with "warning: " before the message of a warning.
func (d Diagnostic) String() string {
	var b strings.Builder
	if d.File != "" {
		b.WriteString(d.File)
		if d.Line > 0 {
			b.WriteString(":" + strconv.Itoa(d.Line))
			if d.Col > 0 {
				b.WriteString(":" + strconv.Itoa(d.Col))
			}
		}
		b.WriteString(": ")
	}
	if d.Warning {
		b.WriteString("warning: ")
	}
	b.WriteString(d.Msg)
	return b.String()
}

// BuildError is a failed build: every error found (and the warnings), in
// file order. No bundle was written.
type BuildError struct {
	Diagnostics []Diagnostic
}

// Errors counts the diagnostics that are errors.
func (e *BuildError) Errors() int {
	n := 0
	for _, d := range e.Diagnostics {
		if !d.Warning {
			n++
		}
	}
	return n
}

func (e *BuildError) Error() string {
	n := e.Errors()
	var b strings.Builder
	for _, d := range e.Diagnostics {
		if !d.Warning {
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

// sortDiagnostics orders by file, then position; problems without a file
// (discovery, config) come first, in the order they were found.
func sortDiagnostics(ds []Diagnostic) {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i], ds[j]
		if a.File != b.File {
			if a.File == "" || b.File == "" {
				return a.File == ""
			}
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}
