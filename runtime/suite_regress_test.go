package runtime

import (
	"strings"
	"testing"
)

// Regressions found by running the official Lua 5.4.4 test suite
// (make lua-suite; main.lua runs the standalone interpreter).

// The standalone interpreter's Ctrl-C error is raised once, as lua.c's
// self-removing hook raises it: a pcall that catches it goes on, unlike
// the host's sticky interruptions.
func TestInterruptMessageIsRaisedOnce(t *testing.T) {
	L := NewState()
	L.Register("interrupt", func(L *State) int {
		L.InterruptMessage("interrupted!")
		return 0
	})
	res, err := L.PCall(mustLoad(t, L, `
		local ok, msg = pcall(function() interrupt() while true do end end)
		local n = 0
		for i = 1, 10000 do n = n + 1 end
		return ok, msg, n`))
	if err != nil {
		t.Fatalf("the caught interruption was raised again: %v", err)
	}
	if res[0].Truthy() || !strings.HasSuffix(res[1].AsString(), "interrupted!") || res[2].AsInt() != 10000 {
		t.Fatalf("got %v", res)
	}
}

// flushCounter is an output that counts its flushes.
type flushCounter struct {
	strings.Builder
	flushes int
}

func (f *flushCounter) Flush() error { f.flushes++; return nil }

// print flushes a buffered output after each call, as lua_writeline does,
// so a parent reading a pipe sees each line while the script runs on.
func TestPrintFlushes(t *testing.T) {
	L := NewState()
	var out flushCounter
	L.SetOutput(&out, &out)
	if _, err := L.PCall(mustLoad(t, L, `print(1) print("a", 2)`)); err != nil {
		t.Fatal(err)
	}
	if out.String() != "1\na\t2\n" || out.flushes != 2 {
		t.Fatalf("output %q with %d flushes, want 2", out.String(), out.flushes)
	}
}

// A finalizer run by Close that closes the state again (os.exit(code,
// true) in a __gc) runs the finalizers still pending, as the reference's
// nested lua_close does, before its own code goes on.
func TestCloseFromFinalizerRunsPending(t *testing.T) {
	L := NewState()
	var out strings.Builder
	L.SetOutput(&out, &out)
	L.Register("closeagain", func(L *State) int {
		L.Close()
		return 0
	})
	if _, err := L.PCall(mustLoad(t, L, `
		setmetatable({}, {__gc = function() print("1") end})
		setmetatable({}, {__gc = function() print("2") closeagain() print("after") end})`)); err != nil {
		t.Fatal(err)
	}
	L.Close()
	if got, want := out.String(), "2\n1\nafter\n"; got != want {
		t.Fatalf("finalizers ran as %q, want %q", got, want)
	}
}
