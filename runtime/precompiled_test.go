package runtime_test

import (
	"testing"

	"panto/bytecode"
	"panto/compiler"
	"panto/runtime"
)

// TestPrecompiledStandsForItsText checks that a registered chunk's
// bytecode replaces compiling exactly its text under its name, and
// nothing else: another text, another name, or bytecode that does not
// decode is compiled as usual.
func TestPrecompiledStandsForItsText(t *testing.T) {
	const name = "=precompiled_test"
	const src = "return 6 * 7"
	// The registered bytecode computes something else, so that running it
	// shows which of the two ran.
	other, err := compiler.Compile(name, "return 'from bytecode'")
	if err != nil {
		t.Fatal(err)
	}
	runtime.RegisterPrecompiled(&runtime.PrecompiledChunk{
		Name: name, Source: src, Bytecode: string(bytecode.Encode(other, false)),
	})
	// Its native twin binds by the digest of the registered bytecode.
	entries := 0
	runtime.RegisterNative(&runtime.NativeChunk{Name: name, Digest: bytecode.Digest(other), Funcs: []runtime.NativeFunc{handBack(&entries)}})
	const badSrc = "return 1"
	runtime.RegisterPrecompiled(&runtime.PrecompiledChunk{
		Name: name, Source: badSrc, Bytecode: "\x1bLua not a chunk",
	})
	// A digest given with the registration is taken as is, not computed
	// again: with one that is not the bytecode's, the twin is not found.
	const givenSrc = "return 2"
	runtime.RegisterPrecompiled(&runtime.PrecompiledChunk{
		Name: name, Source: givenSrc, Bytecode: string(bytecode.Encode(other, false)), Digest: "not the digest",
	})
	cases := []struct {
		name, chunk, src string
		want             string
		compiles         bool
		native           bool
	}{
		{"registered text", name, src, "from bytecode", false, true},
		{"another text", name, "return 6 * 7 ", "42", true, false},
		{"a prefix of the text", name, "return 6", "6", true, false},
		{"another name", "=elsewhere", src, "42", true, false},
		{"bytecode that does not decode", name, badSrc, "1", true, false},
		{"a given digest", name, givenSrc, "from bytecode", false, false},
	}
	L := runtime.NewState()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := runtime.IsPrecompiled(c.chunk, c.src); got == c.compiles {
				t.Errorf("IsPrecompiled = %v", got)
			}
			before := runtime.Compilations()
			fn, err := L.Load(c.src, c.chunk, "t")
			if err != nil {
				t.Fatal(err)
			}
			if compiled := runtime.Compilations() != before; compiled != c.compiles {
				t.Errorf("compiled = %v, want %v", compiled, c.compiles)
			}
			if runtime.HasNative(fn) != c.native {
				t.Errorf("HasNative = %v", !c.native)
			}
			res, err := L.PCall(fn)
			if err != nil {
				t.Fatal(err)
			}
			if len(res) != 1 || L.ToString(res[0]) != c.want {
				t.Errorf("results %v, want %v", res, c.want)
			}
		})
	}
}
