// Package corpus hands the conformance programs (conformance/testdata) to
// the tests of the compiler and the bytecode format, which run every one
// of them through their stage. It imports nothing of panto, so the
// parser's own tests can use it.
package corpus

import (
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
)

// Files returns the programs at the top level of each conformance area,
// sorted (helper modules in lib/ folders are not programs). It fails the
// test when there are none: a test over an empty corpus proves nothing.
func Files(tb testing.TB) []string {
	tb.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		tb.Fatal("corpus: cannot find the module root")
	}
	root := filepath.Join(filepath.Dir(file), "..", "..", "conformance", "testdata")
	files, err := filepath.Glob(filepath.Join(root, "*", "*.lua"))
	if err != nil {
		tb.Fatal(err)
	}
	if len(files) == 0 {
		tb.Fatalf("corpus: no programs under %s", root)
	}
	sort.Strings(files)
	return files
}

// Chunk is the chunk name the conformance run gives a program: "@" and
// its base name (programs run from their own folder).
func Chunk(path string) string { return "@" + filepath.Base(path) }

// Refused reports whether the reference interpreter refused the program
// at path with message msg: its recorded standard error (NAME.err, see
// conformance/regen.sh) has the line "lua: msg". A test that compiles
// the corpus lets a program fail only this way.
func Refused(path, msg string) bool {
	golden, err := os.ReadFile(strings.TrimSuffix(path, ".lua") + ".err")
	return err == nil && strings.Contains(string(golden), "\nlua: "+msg+"\n")
}
