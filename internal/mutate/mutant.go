package mutate

import (
	"go/token"
	"strings"
)

// Status is what became of a mutant.
type Status string

const (
	// Killed: the package's tests failed (or ran out of time) with the
	// change in place.
	Killed Status = "killed"
	// Survived: every test passed with the change in place.
	Survived Status = "survived"
	// Uncovered: a survivor found without running anything, because no
	// test executes the changed code (the coverage profile says so).
	Uncovered Status = "uncovered"
	// Equivalent: the change cannot alter behaviour (the harness can
	// show why); never run and not counted.
	Equivalent Status = "equivalent"
	// NotViable: the change does not compile; never run and not counted.
	NotViable Status = "not-viable"
	// Pending: not run yet (only seen with -list).
	Pending Status = "pending"
)

// Mutant is one small semantic change to one file, kept as a byte range
// of the original source and its replacement so that the line numbers
// of the mutated file match the real one.
type Mutant struct {
	Package string `json:"package"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Func    string `json:"func"`
	Op      string `json:"op"`
	Change  string `json:"change"`
	Status  Status `json:"status"`
	Detail  string `json:"detail,omitempty"`

	file       *File
	start, end int    // byte range replaced in file.Src
	repl       string // its replacement
	at         token.Pos
	run        string // -run pattern of the tests that execute the change; "" for all
}

// Source returns the mutated file's bytes.
func (m *Mutant) Source() []byte {
	src := m.file.Src
	out := make([]byte, 0, len(src)+len(m.repl))
	out = append(out, src[:m.start]...)
	out = append(out, m.repl...)
	return append(out, src[m.end:]...)
}

// Operators, one name each, as reports and -ops print them.
const (
	OpBoundary    = "boundary"      // < ↔ <=, > ↔ >=
	OpNegateCmp   = "negate-cmp"    // == ↔ !=
	OpLogic       = "logic"         // && ↔ ||
	OpNegateCond  = "negate-cond"   // if c → if !(c), for c → for !(c)
	OpDropStmt    = "drop-stmt"     // a call, assignment, ++/--, send, defer or go statement removed
	OpDropErr     = "drop-errcheck" // if err != nil {…} never taken
	OpEarlyReturn = "early-return"  // return zero values before a function's first statement
	OpConst       = "const"         // integer constant + 1, true ↔ false
	OpSwapArgs    = "swap-args"     // two adjacent arguments of identical type swapped
)

// AllOps lists every operator in the order they are documented.
var AllOps = []string{OpBoundary, OpNegateCmp, OpLogic, OpNegateCond, OpDropStmt, OpDropErr, OpEarlyReturn, OpConst, OpSwapArgs}

// short cuts s to one line of at most n runes for a report.
func short(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
