package bytecode_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	bc "panto/bytecode"
	"panto/compiler"
	"panto/internal/corpus"
)

// fuzzSources seed FuzzDecode (compiled and encoded) and FuzzCompileVerify.
var fuzzSources = []string{
	`return 1`,
	`local a, b = ... return a + b, a .. b, {a, b, x = 1}`,
	`for i = 1, 3 do print(i) end for k, v in pairs({}) do end`,
	`local function f(...) return select('#', ...), ... end return f(1, 2)`,
	`local x <close> = nil local t = setmetatable({}, {}) t:m(1) return t.x.y`,
	`local u = 0 local function inc() u = u + 1 return u end repeat inc() until u > 3 return inc`,
	`local s = "" while #s < 5 do s = s .. "x" if s == "xx" then goto done end end ::done:: return s`,
}

// decodedSize is what a decoded prototype holds, in bytes, roughly as Go
// lays it out: the bound FuzzDecode checks against the input size.
func decodedSize(p *bc.Proto, parentSource string) int {
	n := 200
	if p.Source != parentSource {
		n += len(p.Source)
	}
	n += 4*len(p.Code) + 40*len(p.Constants) + 4*len(p.LineInfo)
	for _, c := range p.Constants {
		n += len(c.Str)
	}
	for _, u := range p.Upvalues {
		n += 24 + len(u.Name)
	}
	for _, v := range p.LocVars {
		n += 24 + len(v.Name)
	}
	for _, sub := range p.Protos {
		n += 8 + decodedSize(sub, p.Source)
	}
	return n
}

// FuzzDecode: Decode never panics; what it refuses it refuses with a
// FormatError, and what it accepts survives Encode and Decode again
// unchanged and holds no more than a fixed multiple of the input (the
// source of a nested function is shared with its parent, not counted).
func FuzzDecode(f *testing.F) {
	for _, src := range fuzzSources {
		p, err := compiler.Compile("=fuzz", src)
		if err != nil {
			f.Fatal(err)
		}
		full := bc.Encode(p, false)
		f.Add(full)
		f.Add(bc.Encode(p, true))
		f.Add(full[:len(full)-1])
	}
	f.Add([]byte(bc.Signature))
	f.Add([]byte("\x1bLua\x54\x00\x19\x93\r\n\x1a\n\x04\x08\x08"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := bc.Decode(data)
		checkLazy(t, data, p, err)
		if err != nil {
			var fe *bc.FormatError
			if !errors.As(err, &fe) || !strings.HasPrefix(err.Error(), "bad binary format (") {
				t.Fatalf("error of the wrong kind: %T %v", err, err)
			}
			return
		}
		if size := decodedSize(p, ""); size > 64*len(data)+1024 {
			t.Fatalf("%d input bytes decoded into about %d bytes", len(data), size)
		}
		again, err := bc.Decode(bc.Encode(p, false))
		if err != nil {
			t.Fatalf("re-encoded chunk refused: %v", err)
		}
		if d := protoDiff(p, again, "main"); d != "" {
			t.Fatalf("re-encoded chunk differs: %s", d)
		}
		if _, err := bc.Decode(bc.Encode(p, true)); err != nil {
			t.Fatalf("stripped chunk refused: %v", err)
		}
	})
}

// checkLazy holds the lazy decoder to Decode's verdict on data (p, err):
// it accepts what Decode accepts, with the same prototypes once their
// debug information is loaded; what it accepts beyond that must be bad
// only in debug information, which CheckDebug reports and loading drops.
// Either way the loaded prototypes can be read and dumped.
func checkLazy(t *testing.T, data []byte, p *bc.Proto, err error) {
	var dec bc.Decoder
	dec.Lazy = true
	lazy, lerr := dec.DecodeString(string(data))
	if lerr != nil {
		if err == nil {
			t.Fatalf("the lazy decoder refuses what Decode accepts: %v", lerr)
		}
		return
	}
	derr := bc.CheckDebug(lazy)
	readDebug(lazy, 0)
	if err == nil {
		if derr != nil {
			t.Fatalf("CheckDebug refuses what Decode accepts: %v", derr)
		}
		if d := protoDiff(p, lazy, "main"); d != "" {
			t.Fatalf("lazily decoded prototype differs: %s", d)
		}
	} else if derr == nil {
		t.Fatalf("Decode refuses (%v) what the lazy decoder and CheckDebug accept", err)
	}
	if _, err := bc.Decode(bc.Encode(lazy, false)); err != nil {
		t.Fatalf("a lazily decoded prototype dumps to a chunk Decode refuses: %v", err)
	}
}

// readDebug asks every prototype for what the runtime asks: lines, local
// and upvalue names.
func readDebug(p *bc.Proto, depth int) {
	if depth > bc.MaxNesting {
		return
	}
	for pc := -1; pc <= len(p.Code); pc++ {
		p.Line(pc)
		p.LocalName(1, pc)
	}
	for i := -1; i <= len(p.Upvalues); i++ {
		p.UpvalueName(i)
	}
	for _, sub := range p.Protos {
		readDebug(sub, depth+1)
	}
}

// FuzzCompileVerify: whatever the compiler produces, the verifier accepts
// and the format carries unchanged. Seeded with the conformance corpus
// too, it is the guard against a verifier stricter than the compiler.
func FuzzCompileVerify(f *testing.F) {
	for _, src := range fuzzSources {
		f.Add(src)
	}
	for _, name := range corpus.Files(f) {
		if src, err := os.ReadFile(name); err == nil {
			f.Add(string(src))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		p, err := compiler.Compile("=fuzz", src)
		if err != nil {
			return
		}
		if err := bc.Verify(p); err != nil {
			t.Fatalf("compiled code refused: %v", err)
		}
		q, err := bc.Decode(bc.Encode(p, false))
		if err != nil {
			t.Fatalf("encoded compiled code refused: %v", err)
		}
		if d := protoDiff(p, q, "main"); d != "" {
			t.Fatalf("round trip differs: %s", d)
		}
	})
}
