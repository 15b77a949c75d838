package bytecode_test

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	bc "panto/bytecode"
	"panto/compiler"
	"panto/diag"
	"panto/internal/corpus"
	"panto/runtime"
)

// compiledCorpus compiles the programs at the top level of each conformance area.
// A program may fail to compile only if it is a syntax-error test, which
// the reference refused with the same message (its recorded NAME.err has
// the line "lua: <message>", see conformance/regen.sh).
func compiledCorpus(t testing.TB) map[string]*bc.Proto {
	t.Helper()
	files := corpus.Files(t)
	protos := map[string]*bc.Proto{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		chunk := corpus.Chunk(f)
		p, err := compiler.Compile(chunk, runtime.SkipComment(string(src)))
		if err != nil {
			if msg := err.(*diag.Diagnostic).LuaMessage(chunk); !corpus.Refused(f, msg) {
				t.Errorf("%s: %s", f, msg)
			}
			continue
		}
		protos[f] = p
	}
	return protos
}

// TestVerifyAcceptsCompilerOutput keeps the verifier honest: everything
// the compiler produces must pass it.
func TestVerifyAcceptsCompilerOutput(t *testing.T) {
	for name, p := range compiledCorpus(t) {
		if err := bc.Verify(p); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestRoundTripCorpus(t *testing.T) {
	for name, p := range compiledCorpus(t) {
		full := bc.Encode(p, false)
		q, err := bc.Decode(full)
		if err != nil {
			t.Errorf("%s: decode: %v", name, err)
			continue
		}
		if d := protoDiff(p, q, "main"); d != "" {
			t.Errorf("%s: decoded prototype differs: %s", name, d)
		}
		if again := bc.Encode(q, false); !bytes.Equal(again, full) {
			t.Errorf("%s: re-encoding the decoded prototype gives other bytes", name)
		}
		if again := bc.Encode(p, false); !bytes.Equal(again, full) {
			t.Errorf("%s: Encode is not deterministic", name)
		}

		stripped := bc.Encode(p, true)
		if len(stripped) > len(full) {
			t.Errorf("%s: stripped chunk (%d bytes) larger than full (%d)", name, len(stripped), len(full))
		}
		s, err := bc.Decode(stripped)
		if err != nil {
			t.Errorf("%s: decode stripped: %v", name, err)
			continue
		}
		if d := protoDiff(strip(p), s, "main"); d != "" {
			t.Errorf("%s: stripped prototype differs: %s", name, d)
		}
		if again := bc.Encode(s, false); !bytes.Equal(again, stripped) {
			t.Errorf("%s: a stripped prototype encodes differently with strip=false", name)
		}
	}
}

// strip returns a copy of p without what Encode(p, true) leaves out.
func strip(p *bc.Proto) *bc.Proto {
	q := bc.Proto{
		Source:      bc.NoSource,
		LineDefined: p.LineDefined, LastLineDefined: p.LastLineDefined,
		NumParams: p.NumParams, IsVararg: p.IsVararg, MaxStackSize: p.MaxStackSize,
		Code: p.Code, Constants: p.Constants,
	}
	q.Upvalues = append([]bc.UpvalDesc(nil), p.Upvalues...)
	for i := range q.Upvalues {
		q.Upvalues[i].Name = ""
	}
	q.Protos = make([]*bc.Proto, len(p.Protos))
	for i, sub := range p.Protos {
		q.Protos[i] = strip(sub)
	}
	return &q
}

// protoDiff describes the first difference between two prototypes, or
// returns "". Empty and nil lists are equal; floats compare by bits (NaN
// and -0 constants must survive).
func protoDiff(a, b *bc.Proto, path string) string {
	if a == nil || b == nil {
		if a != b {
			return path + ": one prototype is nil"
		}
		return ""
	}
	switch {
	case a.Source != b.Source:
		return fmt.Sprintf("%s: source %q vs %q", path, a.Source, b.Source)
	case a.LineDefined != b.LineDefined || a.LastLineDefined != b.LastLineDefined:
		return fmt.Sprintf("%s: lines %d-%d vs %d-%d", path, a.LineDefined, a.LastLineDefined, b.LineDefined, b.LastLineDefined)
	case a.NumParams != b.NumParams || a.IsVararg != b.IsVararg || a.MaxStackSize != b.MaxStackSize:
		return fmt.Sprintf("%s: header %d/%v/%d vs %d/%v/%d", path, a.NumParams, a.IsVararg, a.MaxStackSize, b.NumParams, b.IsVararg, b.MaxStackSize)
	case len(a.Code) != len(b.Code):
		return fmt.Sprintf("%s: %d vs %d instructions", path, len(a.Code), len(b.Code))
	case len(a.Constants) != len(b.Constants):
		return fmt.Sprintf("%s: %d vs %d constants", path, len(a.Constants), len(b.Constants))
	case len(a.Upvalues) != len(b.Upvalues):
		return fmt.Sprintf("%s: %d vs %d upvalues", path, len(a.Upvalues), len(b.Upvalues))
	case len(a.Protos) != len(b.Protos):
		return fmt.Sprintf("%s: %d vs %d nested functions", path, len(a.Protos), len(b.Protos))
	case len(a.LineInfo) != len(b.LineInfo):
		return fmt.Sprintf("%s: %d vs %d line entries", path, len(a.LineInfo), len(b.LineInfo))
	case len(a.LocVars) != len(b.LocVars):
		return fmt.Sprintf("%s: %d vs %d local variables", path, len(a.LocVars), len(b.LocVars))
	}
	for i := range a.Code {
		if a.Code[i] != b.Code[i] {
			return fmt.Sprintf("%s: instruction %d: %08x vs %08x", path, i+1, a.Code[i], b.Code[i])
		}
	}
	for i := range a.Constants {
		x, y := a.Constants[i], b.Constants[i]
		if x.Kind != y.Kind || x.Int != y.Int || math.Float64bits(x.Float) != math.Float64bits(y.Float) || x.Str != y.Str {
			return fmt.Sprintf("%s: constant %d: %+v vs %+v", path, i, x, y)
		}
	}
	for i := range a.Upvalues {
		if a.Upvalues[i] != b.Upvalues[i] {
			return fmt.Sprintf("%s: upvalue %d: %+v vs %+v", path, i, a.Upvalues[i], b.Upvalues[i])
		}
	}
	for i := range a.LineInfo {
		if a.LineInfo[i] != b.LineInfo[i] {
			return fmt.Sprintf("%s: line of instruction %d: %d vs %d", path, i+1, a.LineInfo[i], b.LineInfo[i])
		}
	}
	for i := range a.LocVars {
		if a.LocVars[i] != b.LocVars[i] {
			return fmt.Sprintf("%s: local %d: %+v vs %+v", path, i, a.LocVars[i], b.LocVars[i])
		}
	}
	for i := range a.Protos {
		if d := protoDiff(a.Protos[i], b.Protos[i], fmt.Sprintf("%s/%d", path, i)); d != "" {
			return d
		}
	}
	return ""
}

// TestVerifyLargeCompiled covers what only big functions compile to:
// LOADKX (more than 2^17 constants), SETLIST and NEWTABLE with an
// EXTRAARG (constructors of thousands of items), constructors ending in a
// vararg expansion.
func TestVerifyLargeCompiled(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a large function")
	}
	var b strings.Builder
	b.WriteString("local t = {")
	for i := 0; i < 140000; i++ {
		fmt.Fprintf(&b, "%d.5, ", i)
	}
	b.WriteString("} local u = {")
	for i := 0; i < 600; i++ {
		fmt.Fprintf(&b, "x%d = %d, nil, ", i, i)
	}
	b.WriteString("...} return #t, u")
	p, err := compiler.Compile("=big", b.String())
	if err != nil {
		t.Fatal(err)
	}
	seen := map[bc.Opcode]bool{}
	for _, i := range p.Code {
		if i.K() || i.Op() == bc.OpLoadKX {
			seen[i.Op()] = true
		}
	}
	for _, op := range []bc.Opcode{bc.OpLoadKX, bc.OpSetList, bc.OpNewTable} {
		if !seen[op] {
			t.Errorf("no %s with an extra argument compiled", op)
		}
	}
	q, err := bc.Decode(bc.Encode(p, false))
	if err != nil {
		t.Fatal(err)
	}
	if d := protoDiff(p, q, "main"); d != "" {
		t.Fatal(d)
	}
}
