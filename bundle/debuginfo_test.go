package bundle

import (
	"testing"

	"panto/bytecode"
	"panto/compiler"
)

// A bundle keeps each chunk's debug information for later: reading it
// does not decode it, the first question about a line does.
func TestDebugInformationIsDecodedOnDemand(t *testing.T) {
	data := write(t, smallSpec(t))
	b, err := Read(data, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := b.Chunk("extensions/a.lua").Proto
	if len(p.LineInfo) != 0 {
		t.Fatalf("line info decoded on read: %d entries", len(p.LineInfo))
	}
	if got := p.Line(0); got != 1 {
		t.Fatalf("line of the first instruction: %d, want 1", got)
	}
	if len(p.LineInfo) != len(p.Code) {
		t.Fatalf("after a question: %d lines for %d instructions", len(p.LineInfo), len(p.Code))
	}
	if got := p.LocalName(1, len(p.Code)-1); got != "h" {
		t.Fatalf("first local: %q, want h", got)
	}
}

// Debug information that fails the verifier's checks loads as stripped,
// and CheckDebug (panto verify) refuses it.
func TestBadDebugInformation(t *testing.T) {
	p, err := compiler.Compile("@extensions/a.lua", "local x = 1\nreturn { name = 'a', activate = function() end }")
	if err != nil {
		t.Fatal(err)
	}
	p.LineInfo = append(p.LineInfo, 7) // one line more than there is code
	s := smallSpec(t)
	for i := range s.Blobs {
		if s.Blobs[i].Path == "extensions/a.lua" {
			s.Blobs[i].Data = bytecode.Encode(p, false)
		}
	}
	data := write(t, s)

	b, err := Read(data, Options{})
	if err != nil {
		t.Fatalf("read without CheckDebug: %v", err)
	}
	q := b.Chunk("extensions/a.lua").Proto
	if q.Line(0) != -1 || q.LocalName(1, 1) != "" || q.UpvalueName(0) != "" {
		t.Fatalf("bad debug information was kept: line %d, local %q, upvalue %q", q.Line(0), q.LocalName(1, 1), q.UpvalueName(0))
	}
	expectError(t, data, Options{CheckDebug: true}, CheckBytecode, "extensions/a.lua: debug information: bad binary format (main function: line info for")
}
