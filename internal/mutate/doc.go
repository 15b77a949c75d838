// Package mutate is panto's mutation-testing harness: it makes one small
// semantic change at a time to a package's non-test code (a flipped
// comparison, a negated condition, a dropped statement or error check, an
// early return, a constant off by one, two arguments swapped), runs that
// package's tests against it, and reports the changes no test noticed.
// A surviving mutant is a place where a bug could hide from the suite.
//
// Mutants are found with go/ast and type-checked with go/types (against
// export data the go command builds), so a change that would not compile
// is never run. Each one is tested with `go test -overlay`, which reads
// the mutated copy from a temporary folder: the working tree is never
// written, so an interrupted run has nothing to restore. Mutants in code
// no test executes (per a coverage run of the unmutated package) survive
// without a run; mutants the harness can show equivalent (in unreachable
// code, a comparison of len() with a constant that agrees on every
// length, a capacity hint) are skipped and not counted.
//
// cmd/mutate is the command line; `make mutate PKG=./agent/...` runs it.
package mutate
