// Package conformance runs the golden corpus: Lua programs whose output
// under the reference interpreter (Debian's lua5.4) is recorded next to
// them. Each program runs under `panto lua` from its own folder, with the
// environment regen.sh gives the reference, and must produce the same
// standard output, exit status and standard error.
//
// The programs are grouped in one folder per area of the language and
// library (testdata/arith, testdata/coroutine, ...). conformance/regen.sh
// records NAME.out and, when the reference wrote to stderr or failed,
// NAME.err; NAME.args holds extra arguments. This file holds only the
// package comment: the package is its tests.
package conformance
