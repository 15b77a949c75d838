package gogen_test

import (
	"bytes"
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
