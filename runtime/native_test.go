package runtime_test

import (
	"testing"

	"panto/bytecode"
	"panto/compiler"
	"panto/runtime"
)

// handBack is the smallest native function: it hands its frame to the
// interpreter at once, wherever it starts, counting its entries.
func handBack(entries *int) runtime.NativeFunc {
	return func(L *runtime.State, ci *runtime.CallInfo) int {
		*entries++
		var f runtime.Frame
		f.Enter(L, ci)
		return f.Exit(f.PC())
	}
}

// TestNativeAttachByDigest checks the binding of native twins: a chunk
// gets the functions registered under its bytecode's digest, a chunk
// that differs in anything (here one constant) gets none, and a frame
// handed back to the interpreter computes what the interpreter computes.
func TestNativeAttachByDigest(t *testing.T) {
	const src = "local function add(a, b) return a + b end return add(40, 2), add"
	const name = "=native_attach_test"
	p, err := compiler.Compile(name, src)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytecode.CountProtos(p); n != 2 {
		t.Fatalf("%d prototypes", n)
	}
	entries := 0
	runtime.RegisterNative(&runtime.NativeChunk{Name: name, Digest: bytecode.Digest(p), Funcs: []runtime.NativeFunc{handBack(&entries), handBack(&entries)}})

	L := runtime.NewState()
	fn, err := L.Load(src, name, "t")
	if err != nil {
		t.Fatal(err)
	}
	if !runtime.HasNative(fn) {
		t.Fatal("the chunk with the registered digest has no native twin")
	}
	res, err := L.PCall(fn)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 2 || res[0] != runtime.Int(42) || !runtime.HasNative(res[1]) {
		t.Fatalf("results %v", res)
	}
	// Every time a frame starts or goes on, its native function is
	// entered: main at its start, after VARARGPREP moved its frame and
	// after add returned to it; add at its start. main is entered twice
	// at its start: PCall's Go-level call enters native code directly
	// (runFresh), and a hand-back there goes through execute, whose own
	// entry tries the native function again before interpreting.
	if entries != 5 {
		t.Errorf("native functions entered %d times, want 5", entries)
	}

	stale, err := L.Load("local function add(a, b) return a + b end return add(40, 3), add", name, "t")
	if err != nil {
		t.Fatal(err)
	}
	if runtime.HasNative(stale) {
		t.Error("a chunk with other bytecode got the native twin")
	}
}
