package codegen_test

import (
	"os"
	"strings"
	"testing"

	bc "panto/bytecode"
	"panto/compiler"
	"panto/diag"
	"panto/internal/corpus"
	"panto/runtime"
)

// expectCompileError compiles src as load would (chunk name = source) and
// checks the error message, which follows the reference's wording.
func expectCompileError(t *testing.T, src, want string) {
	t.Helper()
	_, err := compiler.Compile(src, src)
	if err == nil {
		t.Errorf("%q compiled, want error %q", src, want)
		return
	}
	if got := err.(*diag.Diagnostic).LuaMessage(src); got != want {
		t.Errorf("%q:\n got  %s\n want %s", src, got, want)
	}
}

// The expected messages were recorded from lua5.4 (load(src) with the
// source as chunk name).
func TestSemanticErrors(t *testing.T) {
	expectCompileError(t, "local x <const> = 1; x = 2",
		`[string "local x <const> = 1; x = 2"]:1: attempt to assign to const variable 'x'`)
	expectCompileError(t, "goto nowhere",
		`[string "goto nowhere"]:1: no visible label 'nowhere' for <goto> at line 1`)
	expectCompileError(t, "break",
		`[string "break"]:1: break outside loop at line 1`)
	expectCompileError(t, "::a:: ::a::",
		`[string "::a:: ::a::"]:1: label 'a' already defined on line 1`)
	expectCompileError(t, "do goto f; local x = 1; ::f:: print(x) end",
		`[string "do goto f; local x = 1; ::f:: print(x) end"]:1: <goto f> at line 1 jumps into the scope of local 'x'`)
	expectCompileError(t, "local t <close> = nil; local function f() t = 1 end",
		`[string "local t <close> = nil; local function f() t =..."]:1: attempt to assign to const variable 't'`)
}

func TestLimits(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 201; i++ {
		b.WriteString("local v")
		b.WriteString(strings.Repeat("x", i%3+1))
		b.WriteString(" = 1\n")
	}
	_, err := compiler.Compile("=limits", b.String())
	if err == nil || !strings.Contains(err.Error(), "too many local variables (limit is 200) in main function") {
		t.Fatalf("got %v", err)
	}
	// 300 values in one expression need more than 255 registers.
	src := "return f(" + strings.Repeat("1, ", 300) + "1)"
	_, err = compiler.Compile("=regs", src)
	if err == nil || !strings.Contains(err.Error(), "function or expression needs too many registers") {
		t.Fatalf("got %v", err)
	}
}

// Constant folding must not change results, and must not fold what the
// reference leaves to run time (division by zero, NaN, -0.0).
func TestFolding(t *testing.T) {
	p, err := compiler.Compile("=fold", "return 2^10, 7 // 2, 1 // 0, 0/0, -0.0, 3 & 5.0, 1 << 64")
	if err != nil {
		t.Fatal(err)
	}
	var divs int
	for _, i := range p.Code {
		switch i.Op() {
		case bc.OpIDivK, bc.OpIDiv, bc.OpDivK, bc.OpDiv:
			divs++
		}
	}
	if divs != 2 {
		t.Errorf("want 2 divisions left to run time (1//0, 0/0), got %d", divs)
	}
	// 2^10 becomes the float 1024 loaded as an immediate.
	for _, i := range p.Code {
		if i.Op() == bc.OpLoadF && i.SBx() == 1024 {
			return
		}
	}
	t.Errorf("2^10 was not folded")
}

// Every program of the golden corpus compiles without a Go panic, and
// every instruction stays within its function's frame.
func TestCompileCorpus(t *testing.T) {
	for _, f := range corpus.Files(t) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		chunk := corpus.Chunk(f)
		p, err := compiler.Compile(chunk, runtime.SkipComment(string(src)))
		if err != nil {
			// Only a syntax-error test may fail, as the reference did.
			if msg := err.(*diag.Diagnostic).LuaMessage(chunk); !corpus.Refused(f, msg) {
				t.Errorf("%s: %s", f, msg)
			}
			continue
		}
		checkFrames(t, f, p)
	}
}

func checkFrames(t *testing.T, name string, p *bc.Proto) {
	for pc, i := range p.Code {
		if bc.Info[i.Op()].SetsA && i.Op() != bc.OpVarargPrep && i.A() >= int(p.MaxStackSize) {
			t.Errorf("%s: instruction %d (%s) writes register %d beyond frame size %d", name, pc, i.Op(), i.A(), p.MaxStackSize)
		}
	}
	if len(p.LineInfo) != len(p.Code) {
		t.Errorf("%s: %d line entries for %d instructions", name, len(p.LineInfo), len(p.Code))
	}
	for _, sub := range p.Protos {
		checkFrames(t, name, sub)
	}
}
