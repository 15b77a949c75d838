package gogen_test

import (
	"bytes"
	"fmt"
	"go/format"
	"strings"
	"testing"

	"panto/bytecode"
	"panto/compiler"
	"panto/compiler/gogen"
)

const sample = `local t = {}
for i = 1, 10 do
  t[#t + 1] = i * 2.5
end
local function f(...) return select('#', ...), ... end
return f(t[1], t[2])
`

func TestGenerate(t *testing.T) {
	p, err := compiler.Compile("@sample.lua", sample)
	if err != nil {
		t.Fatal(err)
	}
	src, err := gogen.Generate(p, "@sample.lua", gogen.Options{Package: "x", Prefix: "s"})
	if err != nil {
		t.Fatal(err)
	}
	again, err := gogen.Generate(p, "@sample.lua", gogen.Options{Package: "x", Prefix: "s"})
	if err != nil || !bytes.Equal(src, again) {
		t.Fatalf("generation is not deterministic (err %v)", err)
	}
	if formatted, err := format.Source(src); err != nil || !bytes.Equal(formatted, src) {
		t.Errorf("generated code is not gofmt'ed (err %v)", err)
	}
	text := string(src)
	for _, want := range []string{
		"package x",
		"const sDigest = \"" + bytecode.Digest(p) + "\"",
		"func sF0(L *rt.State, ci *rt.CallInfo) int {",
		"func sF1(L *rt.State, ci *rt.CallInfo) int {",
		"// line 2: FORPREP",
		"// line 3: MULK",
		"// line 5: VARARGPREP",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("generated code lacks %q", want)
		}
	}
	// One function per prototype, registered in pre-order.
	if n := strings.Count(text, "\nfunc sF"); n != bytecode.CountProtos(p) {
		t.Errorf("%d functions for %d prototypes", n, bytecode.CountProtos(p))
	}
}

// TestGenerateVar checks the two ways a chunk is registered: from an init
// of its own file by default, and as a package variable for the package
// to register when Options.Var is set (the base layer registers its 27
// chunks from one init, see cmd/stdgen).
func TestGenerateVar(t *testing.T) {
	p, err := compiler.Compile("@sample.lua", sample)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		o        gogen.Options
		want     string
		wantInit bool
	}{
		{"init", gogen.Options{Package: "x", Prefix: "s"}, "rt.RegisterNative(&rt.NativeChunk{Name: \"@sample.lua\", Digest: sDigest, Funcs: []rt.NativeFunc{", true},
		{"var", gogen.Options{Package: "x", Prefix: "s", Var: true}, "var sChunk = rt.NativeChunk{Name: \"@sample.lua\", Digest: sDigest, Funcs: []rt.NativeFunc{", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := gogen.Generate(p, "@sample.lua", tc.o)
			if err != nil {
				t.Fatal(err)
			}
			text := string(src)
			if !strings.Contains(text, tc.want) {
				t.Errorf("generated code lacks %q", tc.want)
			}
			if got := strings.Contains(text, "func init()"); got != tc.wantInit {
				t.Errorf("func init() present: %v, want %v", got, tc.wantInit)
			}
			// Every prototype's function is listed once in the chunk.
			for n := range bytecode.CountProtos(p) {
				if c := strings.Count(text, fmt.Sprintf("\tsF%d,\n", n)); c != 1 {
					t.Errorf("sF%d listed %d times", n, c)
				}
			}
		})
	}
}

func TestGenerateRefusesUnverified(t *testing.T) {
	p, err := compiler.Compile("@bad.lua", "local a = 1 return a")
	if err != nil {
		t.Fatal(err)
	}
	// A register beyond the frame: the VM would read outside it.
	p.Code[0] = bytecode.AsBx(bytecode.OpLoadI, int(p.MaxStackSize)+3, 1)
	if _, err := gogen.Generate(p, "@bad.lua", gogen.Options{}); err == nil {
		t.Fatal("Generate accepted bytecode the verifier refuses")
	}
}
