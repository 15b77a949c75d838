package stdlib

import (
	"os"
	"testing"
)

// The interpreter runs next in generic for loops without a frame
// (execSlow's TFORCALL), as native code does: the transpiler's program
// for that path, interpreted, gives lua5.4's recorded output (loops of
// one to three variables, fields cleared during the traversal, next's
// errors, __pairs, a call hook, a yield in the body).
func TestNextLoopsInterpreted(t *testing.T) {
	src, err := os.ReadFile("../../compiler/gogen/testdata/calls/next_loops.lua")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../compiler/gogen/testdata/calls/next_loops.out")
	if err != nil {
		t.Fatal(err)
	}
	L, out := newLibsState(t)
	if _, err := L.DoString(string(src), "@next_loops.lua"); err != nil {
		t.Fatalf("lua error: %v", err)
	}
	if got := out.String(); got != string(want) {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
