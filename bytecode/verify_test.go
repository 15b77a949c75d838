package bytecode

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

// base is a small valid vararg main function:
//
//	1 VARARGPREP 0
//	2 GETTABUP   0 0 0   ; _ENV "print"
//	3 LOADK      1 1     ; 42
//	4 CALL       0 2 1
//	5 RETURN     0 1 1
func base() *Proto {
	return &Proto{
		Source:       "=test",
		IsVararg:     true,
		MaxStackSize: 2,
		Code: []Instruction{
			ABC(OpVarargPrep, 0, 0, 0, false),
			ABC(OpGetTabUp, 0, 0, 0, false),
			ABx(OpLoadK, 1, 1),
			ABC(OpCall, 0, 2, 1, false),
			ABC(OpReturn, 0, 1, 1, false),
		},
		Constants: []Constant{{Kind: ConstString, Str: "print"}, {Kind: ConstInt, Int: 42}},
		Upvalues:  []UpvalDesc{{Name: "_ENV", InStack: true}},
		LineInfo:  []int32{1, 1, 1, 1, 1},
	}
}

// withCode returns base with its code (after VARARGPREP) replaced.
func withCode(code ...Instruction) func(p *Proto) {
	return func(p *Proto) {
		p.Code = append([]Instruction{ABC(OpVarargPrep, 0, 0, 0, false)}, code...)
		p.LineInfo = nil
	}
}

func ret() Instruction { return ABC(OpReturn, 0, 1, 1, false) }

// A tail call after the scope of a to-be-closed variable is closed, or on
// a path that never opened it, is what compiled code does.
func TestVerifyTailCallOutsideCloseScopes(t *testing.T) {
	cases := []struct {
		name string
		code []Instruction
	}{
		{"closed first", []Instruction{ABC(OpTBC, 0, 0, 0, false), ABC(OpClose, 0, 0, 0, false), ABC(OpTailCall, 1, 1, 1, true), ABC(OpReturn, 1, 0, 1, true)}},
		{"other branch", []Instruction{ABC(OpTest, 0, 0, 0, false), SJOp(OpJmp, 2), ABC(OpTBC, 0, 0, 0, false), ABC(OpReturn, 0, 1, 1, true),
			ABC(OpTailCall, 1, 1, 1, true), ABC(OpReturn, 1, 0, 1, true)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := base()
			withCode(c.code...)(p)
			if err := Verify(p); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestVerifyBase(t *testing.T) {
	if err := Verify(base()); err != nil {
		t.Fatal(err)
	}
	if err := Verify(nil); err == nil {
		t.Fatal("nil prototype accepted")
	}
}

func TestVerifyRefuses(t *testing.T) {
	child := func(p *Proto) *Proto {
		sub := &Proto{LineDefined: 3, MaxStackSize: 2, Code: []Instruction{ABC(OpReturn0, 0, 0, 0, false)}}
		p.Protos = append(p.Protos, sub)
		p.Code = append([]Instruction{p.Code[0], ABx(OpClosure, 0, 0)}, p.Code[1:]...)
		p.LineInfo = nil
		return sub
	}
	cases := []struct {
		name string
		edit func(p *Proto)
		want string
	}{
		{"no code", func(p *Proto) { p.Code = nil; p.LineInfo = nil }, "main function: function has no code"},
		{"unknown opcode", withCode(Instruction(120), ret()), "instruction 2 (UNKNOWN): unknown opcode 120"},
		{"register", withCode(ABC(OpMove, 2, 0, 0, false), ret()), "instruction 2 (MOVE): register 2 out of range (max stack size 2)"},
		{"register B", withCode(ABC(OpMove, 0, 9, 0, false), ret()), "register 9 out of range"},
		{"params", func(p *Proto) { p.NumParams = 3 }, "3 parameters exceed the max stack size 2"},
		{"constant", withCode(ABx(OpLoadK, 0, 40), ret()), "instruction 2 (LOADK): constant 40 out of range (function has 2)"},
		{"GETFIELD key", withCode(ABC(OpGetField, 0, 0, 1, false), ret()), "instruction 2 (GETFIELD): constant 1 is an integer, not a string"},
		{"GETTABUP key", withCode(ABC(OpGetTabUp, 0, 0, 1, false), ret()), "constant 1 is an integer, not a string"},
		{"SETTABUP key", withCode(ABC(OpSetTabUp, 0, 1, 0, true), ret()), "constant 1 is an integer, not a string"},
		{"SETFIELD key", withCode(ABC(OpSetField, 0, 1, 0, false), ret()), "not a string"},
		{"SELF key", withCode(ABC(OpSelf, 0, 0, 1, true), ret()), "not a string"},
		{"SELF ra+1", withCode(ABC(OpSelf, 1, 0, 0, true), ret()), "registers 1..2 out of range"},
		{"BANDK", withCode(ABC(OpBandK, 0, 0, 0, false), ret()), "constant 0 is a string, not an integer"},
		{"ADDK", withCode(ABC(OpAddK, 0, 0, 0, false), ret()), "constant 0 is a string, not a number"},
		{"EQK", withCode(ABC(OpEqK, 0, 5, 0, false), SJOp(OpJmp, 0), ret()), "constant 5 out of range"},
		{"upvalue", withCode(ABC(OpGetUpval, 0, 1, 0, false), ret()), "upvalue 1 out of range (function has 1)"},
		{"SETTABUP upvalue", withCode(ABC(OpSetTabUp, 3, 0, 0, false), ret()), "upvalue 3 out of range"},
		{"closure", withCode(ABx(OpClosure, 0, 0), ret()), "function 0 out of range (function has 0)"},
		{"jump out", withCode(SJOp(OpJmp, 5), ret()), "instruction 2 (JMP): jump to instruction 8 out of range (code has 3)"},
		{"jump before", withCode(SJOp(OpJmp, -3), ret()), "jump to instruction 0 out of range"},
		{"jump to VARARGPREP", withCode(SJOp(OpJmp, -2), ret()), "instruction 1 (VARARGPREP): jump back to VARARGPREP"},
		{"falls off", withCode(ABC(OpMove, 0, 1, 0, false)), "instruction 2 (MOVE): control falls off the end of the code"},
		{"test without jump", withCode(ABC(OpTest, 0, 0, 0, false), ret(), ret()), "instruction 2 (TEST): test not followed by a JMP"},
		{"test skips off", withCode(ABC(OpTest, 0, 0, 0, false), SJOp(OpJmp, -1)), "skips past the end of the code"},
		{"LFALSESKIP off", withCode(ret(), ABC(OpLFalseSkip, 0, 0, 0, false), ret()), "skips past the end of the code"},
		{"LOADKX alone", withCode(ABx(OpLoadKX, 0, 0), ret()), "instruction 2 (LOADKX): not followed by EXTRAARG"},
		{"LOADKX constant", withCode(ABx(OpLoadKX, 0, 0), AxOp(OpExtraArg, 7), ret()), "constant 7 out of range"},
		{"NEWTABLE alone", withCode(ABC(OpNewTable, 0, 0, 0, false), ret()), "not followed by EXTRAARG"},
		{"EXTRAARG alone", withCode(AxOp(OpExtraArg, 0), ret()), "instruction 2 (EXTRAARG): EXTRAARG without an instruction that takes it"},
		{"jump to EXTRAARG", withCode(ABC(OpNewTable, 0, 0, 0, false), AxOp(OpExtraArg, 0), SJOp(OpJmp, -2), ret()), "instruction 3 (EXTRAARG): the extra argument of the previous instruction is a jump target"},
		{"LOADNIL range", withCode(ABC(OpLoadNil, 1, 1, 0, false), ret()), "registers 1..2 out of range"},
		{"CONCAT range", withCode(ABC(OpConcat, 1, 2, 0, false), ret()), "registers 1..2 out of range"},
		{"CONCAT one", withCode(ABC(OpConcat, 0, 1, 0, false), ret()), "concatenation of 1 values"},
		{"CALL args", withCode(ABC(OpCall, 0, 3, 1, false), ret()), "registers 0..2 out of range"},
		{"CALL results", withCode(ABC(OpCall, 0, 1, 4, false), ret()), "registers 0..2 out of range"},
		{"CALL open args", withCode(ABC(OpLoadI, 0, 0, 0, false), ABC(OpCall, 0, 0, 1, false), ret()), "instruction 3 (CALL): uses the stack top (B=0) but the previous instruction (LOADI) does not set it"},
		{"open result unused", withCode(ABC(OpCall, 0, 1, 0, false), ret()), "instruction 2 (CALL): open results not used by the next instruction"},
		{"open args below", withCode(ABC(OpVararg, 0, 0, 0, false), ABC(OpCall, 0, 0, 1, false), ret()), "uses the stack top from register 0, below its own operands"},
		{"open target", withCode(SJOp(OpJmp, 1), ABC(OpVararg, 1, 0, 0, false), ABC(OpReturn, 0, 0, 1, false)), "instruction 4 (RETURN): uses the stack top (B=0) but is a jump target"},
		{"RETURN C", withCode(ABC(OpReturn, 0, 1, 0, false)), "vararg function returns with C=0, want 1"},
		{"RETURN0 vararg", withCode(ABC(OpReturn0, 0, 0, 0, false)), "plain return in a vararg function"},
		{"RETURN range", withCode(ABC(OpReturn, 1, 3, 1, false)), "registers 1..2 out of range"},
		{"no VARARGPREP", func(p *Proto) { p.Code[0] = ABC(OpLoadNil, 0, 0, 0, false) }, "vararg function does not start with VARARGPREP"},
		{"VARARGPREP params", func(p *Proto) { p.Code[0] = ABC(OpVarargPrep, 1, 0, 0, false) }, "VARARGPREP for 1 parameters, function has 0"},
		{"VARARGPREP late", withCode(ABC(OpVarargPrep, 0, 0, 0, false), ret()), "VARARGPREP is not the first instruction"},
		{"not vararg", func(p *Proto) { p.IsVararg = false }, "VARARGPREP in a function that is not vararg"},
		{"FORPREP range", withCode(ABx(OpForPrep, 0, 0), ABx(OpForLoop, 0, 1), ret()), "registers 0..3 out of range"},
		{"FORLOOP back", func(p *Proto) {
			p.MaxStackSize = 4
			withCode(ABx(OpForLoop, 0, 9), ret())(p)
		}, "jump to instruction -6 out of range"},
		{"FORLOOP alone", func(p *Proto) {
			p.MaxStackSize = 8
			withCode(ABx(OpLoadK, 0, 0), ABx(OpForLoop, 0, 1), ret())(p)
		}, "instruction 3 (FORLOOP): jumps back to instruction 3, not into the loop of a FORPREP"},
		{"FORLOOP to the start", func(p *Proto) {
			p.MaxStackSize = 8
			p.IsVararg = false
			p.Code = []Instruction{ABx(OpForLoop, 0, 1), ABC(OpReturn0, 0, 0, 0, false)}
			p.LineInfo = nil
		}, "instruction 1 (FORLOOP): jumps back to instruction 1, not into the loop of a FORPREP"},
		{"FORPREP alone", func(p *Proto) {
			p.MaxStackSize = 8
			withCode(ABx(OpForPrep, 0, 0), ret(), ret())(p)
		}, "instruction 2 (FORPREP): skips to instruction 4, not past the FORLOOP of its loop"},
		{"TFORPREP target", func(p *Proto) {
			p.MaxStackSize = 8
			withCode(ABx(OpTForPrep, 0, 0), ABC(OpReturn, 0, 1, 1, true))(p)
		}, "jumps to instruction 3 (RETURN), not to the TFORCALL of its loop"},
		{"TFORCALL stack", func(p *Proto) {
			p.MaxStackSize = 6
			withCode(ABx(OpTForPrep, 0, 0), ABC(OpTForCall, 0, 0, 1, false), ABx(OpTForLoop, 0, 2), ABC(OpReturn, 0, 1, 1, true))(p)
		}, "instruction 3 (TFORCALL): registers 0..6 out of range"},
		{"TFORCALL alone", func(p *Proto) {
			p.MaxStackSize = 8
			withCode(ABC(OpTForCall, 0, 0, 1, false), ret())(p)
		}, "not followed by the TFORLOOP of its loop"},
		{"generic for without close", func(p *Proto) {
			p.MaxStackSize = 8
			withCode(ABx(OpTForPrep, 0, 0), ABC(OpTForCall, 0, 0, 1, false), ABx(OpTForLoop, 0, 2), ret())(p)
		}, "instruction 5 (RETURN): returns without closing (k)"},
		{"SETLIST index", withCode(ABC(OpNewTable, 0, 0, 0, false), AxOp(OpExtraArg, 0), ABC(OpSetList, 0, 1, 0, true), AxOp(OpExtraArg, 1<<20), ret()), "instruction 4 (SETLIST): stores from index 268435457, but only 0 items were stored before"},
		{"hash hint", withCode(ABC(OpNewTable, 0, 20, 0, false), AxOp(OpExtraArg, 0), ret()), "instruction 2 (NEWTABLE): hash size hint 2^19 exceeds the 0 fields the function stores"},
		{"huge hash hint", withCode(ABC(OpNewTable, 0, 255, 0, false), AxOp(OpExtraArg, 0), ret()), "hash size hint 2^254"},
		{"array hint", withCode(ABC(OpNewTable, 0, 0, 3, false), AxOp(OpExtraArg, 0), ret()), "array size hint 3 exceeds the items 0 SETLISTs can store"},
		{"array hint k", withCode(ABC(OpNewTable, 0, 0, 0, true), AxOp(OpExtraArg, 1), ABC(OpSetList, 0, 1, 0, false), ret()), "array size hint 256 exceeds the items 1 SETLISTs can store"},
		{"SETLIST range", withCode(ABC(OpSetList, 0, 2, 0, false), ret()), "registers 0..2 out of range"},
		{"VARARG not vararg", func(p *Proto) {
			p.IsVararg = false
			p.Code = []Instruction{ABC(OpVararg, 0, 2, 0, false), ABC(OpReturn0, 0, 0, 0, false)}
			p.LineInfo = nil
		}, "VARARG in a function that is not vararg"},
		{"line info", func(p *Proto) { p.LineInfo = p.LineInfo[1:] }, "line info for 4 instructions, code has 5"},
		{"local range", func(p *Proto) { p.LocVars = []LocVar{{Name: "x", StartPC: 2, EndPC: 9}} }, `local variable 0 ("x") has range [2, 9) outside the code`},
		{"too many locals", func(p *Proto) {
			p.LocVars = []LocVar{{Name: "a", EndPC: 5}, {Name: "b", EndPC: 5}, {Name: "c", StartPC: 3, EndPC: 4}}
		}, "3 local variables active at instruction 4, max stack size is 2"},
		{"child in-stack upvalue", func(p *Proto) {
			sub := child(p)
			sub.Upvalues = []UpvalDesc{{InStack: true, Index: 2}}
			p.Code[len(p.Code)-1] = p.Code[len(p.Code)-1].SetK(true)
		}, "function at line 3: upvalue 0 captures register 2 of the enclosing function, whose max stack size is 2"},
		{"child upvalue", func(p *Proto) {
			sub := child(p)
			sub.Upvalues = []UpvalDesc{{Index: 1}}
		}, "function at line 3: upvalue 0 refers to upvalue 1 of the enclosing function, which has 1"},
		{"capture without close", func(p *Proto) {
			sub := child(p)
			sub.Upvalues = []UpvalDesc{{InStack: true, Index: 1}}
		}, "main function: instruction 6 (RETURN): returns without closing (k)"},
		{"child code", func(p *Proto) {
			sub := child(p)
			sub.Code = []Instruction{ABx(OpLoadK, 0, 0), ABC(OpReturn0, 0, 0, 0, false)}
		}, "function at line 3: instruction 1 (LOADK): constant 0 out of range (function has 0)"},
		{"RETURN0 A with a hook", func(p *Proto) {
			sub := child(p)
			sub.Code = []Instruction{ABC(OpReturn0, 127, 0, 0, false)}
		}, "function at line 3: instruction 1 (RETURN0): register 127 out of range (max stack size 2)"},
		{"TAILCALL in a <close> scope", withCode(ABC(OpTBC, 0, 0, 0, false), ABC(OpTailCall, 1, 1, 1, true), ABC(OpReturn, 1, 0, 1, true)),
			"instruction 3 (TAILCALL): tail call inside the scope of the to-be-closed variable in register 0"},
		{"TAILCALL in a generic for", func(p *Proto) {
			p.MaxStackSize = 8
			withCode(ABx(OpTForPrep, 0, 2), ABC(OpTailCall, 5, 1, 1, true), ABC(OpReturn, 5, 0, 1, true),
				ABC(OpTForCall, 0, 0, 1, false), ABx(OpTForLoop, 0, 4), ABC(OpReturn, 0, 1, 1, true))(p)
		}, "instruction 3 (TAILCALL): tail call inside the scope of the to-be-closed variable in register 3"},
		{"TAILCALL after a partial CLOSE", withCode(ABC(OpTBC, 0, 0, 0, false), ABC(OpClose, 1, 0, 0, false), ABC(OpTailCall, 1, 1, 1, true), ABC(OpReturn, 1, 0, 1, true)),
			"instruction 4 (TAILCALL): tail call inside the scope of the to-be-closed variable in register 0"},
		{"TAILCALL without its RETURN", withCode(ABC(OpTailCall, 0, 1, 1, false), ABC(OpReturn, 0, 1, 1, false)), "instruction 2 (TAILCALL): not followed by the RETURN of its results (B=0)"},
		{"TAILCALL results below", func(p *Proto) {
			p.MaxStackSize = 6
			withCode(ABC(OpTailCall, 0, 1, 1, false), ABC(OpReturn, 5, 0, 1, false))(p)
		}, "instruction 3 (RETURN): uses the stack top from register 0, below its own operands"},
		{"nil function", func(p *Proto) { p.Protos = []*Proto{nil} }, "main function: nested function 0 is missing"},
		{"nil constant kind", func(p *Proto) { p.Constants[0].Kind = 9 }, "constant 0 has unknown kind 9"},
		{"upvalue kind", func(p *Proto) { p.Upvalues[0].Kind = 3 }, "upvalue 0: unknown variable kind 3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := base()
			c.edit(p)
			err := Verify(p)
			if err == nil {
				t.Errorf("%s: accepted", c.name)
				return
			}
			if !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "bad binary format (") {
				t.Errorf("%s: got %q, want it to contain %q", c.name, err, c.want)
			}
			// Whatever Verify refuses, Decode refuses too.
			if _, err := Decode(Encode(p, false)); err == nil {
				t.Errorf("%s: Decode accepts what Verify refuses", c.name)
			}
		})
	}
}

func TestVerifyNesting(t *testing.T) {
	leaf := func(line int32) *Proto {
		return &Proto{LineDefined: line, MaxStackSize: 1, Code: []Instruction{ABC(OpReturn0, 0, 0, 0, false)}}
	}
	deep := func(n int) *Proto {
		p := base()
		cur := p
		for i := 0; i < n; i++ {
			sub := leaf(int32(i + 1))
			cur.Protos = []*Proto{sub}
			cur = sub
		}
		return p
	}
	if err := Verify(deep(MaxNesting)); err != nil {
		t.Fatalf("nesting %d: %v", MaxNesting, err)
	}
	if _, err := Decode(Encode(deep(MaxNesting), false)); err != nil {
		t.Fatalf("nesting %d: %v", MaxNesting, err)
	}
	if err := Verify(deep(MaxNesting + 1)); err == nil || !strings.Contains(err.Error(), "nested too deeply") {
		t.Fatalf("nesting %d: %v", MaxNesting+1, err)
	}
	if _, err := Decode(Encode(deep(5000), false)); err == nil || !strings.Contains(err.Error(), "nested too deeply") {
		t.Fatalf("nesting 5000: %v", err)
	}
	// Encode is total: a cycle or a nil prototype encodes to a chunk that
	// Decode refuses.
	cyc := base()
	cyc.Protos = []*Proto{cyc}
	if _, err := Decode(Encode(cyc, false)); err == nil {
		t.Fatal("cyclic prototype decoded")
	}
	if _, err := Decode(Encode(nil, true)); err == nil || !strings.Contains(err.Error(), "function has no code") {
		t.Fatalf("nil prototype: %v", err)
	}
}

func TestDecodeHeader(t *testing.T) {
	good := Encode(base(), false)
	if _, err := Decode(good); err != nil {
		t.Fatal(err)
	}
	patch := func(off int, b ...byte) []byte {
		c := append([]byte(nil), good...)
		copy(c[off:], b)
		return c
	}
	// The start of a chunk of the reference interpreter (luac 5.4): its
	// header, which is ours, then an upvalue count and a source name.
	refHeader := "\x1bLua\x54\x00\x19\x93\r\n\x1a\n\x04\x08\x08\x78\x56\x00\x00\x00\x00\x00\x00" +
		"\x00\x00\x00\x00\x00\x28\x77\x40"
	reference := []byte(refHeader + "\x01\x89@ref.lua\x80\x80\x00\x01\x02\x85")
	// A chunk of panto 0.x (format version 2), which put 'P' in the
	// format byte and its version after it.
	older := []byte("\x1bLua\x54P\x02\x19\x93\r\n\x1a\n\x04\x08\x08")
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "bad binary format (truncated chunk)"},
		{"signature only", []byte(Signature), "bad binary format (truncated chunk)"},
		{"half signature", []byte("\x1bL"), "bad binary format (truncated chunk)"},
		{"text", []byte("return 1"), "bad binary format (not a binary chunk)"},
		{"reference", reference, "bad binary format (format mismatch: not a panto chunk (from another Lua implementation))"},
		{"reference header only", []byte(refHeader), "bad binary format (truncated chunk)"},
		{"older panto", older, "panto bytecode format version 2, expected 3"},
		{"format byte", patch(5, 7), "format mismatch: format 7, expected 0"},
		{"Lua 5.3", patch(4, 0x53), "version mismatch: chunk is for Lua 5.3, expected 5.4"},
		{"tag", patch(31, 'P'), "not a panto chunk (from another Lua implementation)"},
		{"format version", patch(45, 9), "panto bytecode format version 9, expected 3"},
		{"newlines", patch(8, '\n'), "corrupted chunk"},
		{"instruction size", patch(12, 8), "instruction size mismatch"},
		{"integer size", patch(13, 4), "integer size mismatch"},
		{"float size", patch(14, 4), "float size mismatch"},
		{"big endian", patch(15, 0, 0, 0, 0, 0, 0, 0x56, 0x78), "integer format mismatch"},
		{"float", patch(23, 0, 0, 0, 0, 0, 0, 0, 0), "float format mismatch"},
		{"trailing", append(append([]byte(nil), good...), 0), "1 extra bytes after the chunk"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Decode(c.data)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: got %v, want %q", c.name, err, c.want)
			}
		})
	}
	// Every proper prefix is truncated.
	for n := 0; n < len(good); n++ {
		if _, err := Decode(good[:n]); err == nil || !strings.Contains(err.Error(), "truncated chunk") && !strings.Contains(err.Error(), "truncated chunk: ") {
			t.Errorf("prefix of %d bytes: %v", n, err)
		}
	}
}

// chunkWith returns a header followed by the given prototype bytes.
func chunkWith(proto ...[]byte) []byte {
	var e encoder
	e.header()
	for _, b := range proto {
		e.buf = append(e.buf, b...)
	}
	return e.buf
}

func uvarint(v uint64) []byte { return binary.AppendUvarint(nil, v) }

// TestDecodeHugeCounts: crafted counts are refused before anything is
// allocated for them.
func TestDecodeHugeCounts(t *testing.T) {
	head := []byte{0, 0, 0, 0, 0, 2} // no source, lines 0 0, params, flags, stack
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"source", chunkWith(uvarint(1 << 60)), "truncated chunk: declares 1152921504606846975 source name bytes"},
		{"code", chunkWith(head, uvarint(1<<60)), "truncated chunk: main function declares 1152921504606846976 instructions, 0 bytes left"},
		{"constants", chunkWith(head, uvarint(0), uvarint(1<<40)), "main function declares 1099511627776 constants"},
		{"string", chunkWith(head, uvarint(0), uvarint(1), []byte{tagString}, uvarint(1<<50)), "main function declares 1125899906842624 string constant bytes"},
		{"upvalues", chunkWith(head, uvarint(0), uvarint(0), uvarint(1<<33)), "main function declares 8589934592 upvalues"},
		{"protos", chunkWith(head, uvarint(0), uvarint(0), uvarint(0), uvarint(math.MaxUint64)), "main function declares 18446744073709551615 nested functions"},
		{"overflow", chunkWith(head, bytes.Repeat([]byte{0xff}, 11)), "varint overflows 64 bits"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := Decode(c.data)
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: got %v, want %q", c.name, err, c.want)
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > 1<<16 {
				t.Errorf("%s: decoding allocated %d bytes", c.name, n)
			}
		})
	}
}

// TestEncodeLayout pins the header and a tiny prototype byte for byte:
// the format is an interface, a change to it must be deliberate (and bump
// FormatVersion).
func TestEncodeLayout(t *testing.T) {
	p := &Proto{
		Source:       "=x",
		LineDefined:  0,
		IsVararg:     true,
		MaxStackSize: 2,
		Code:         []Instruction{ABC(OpVarargPrep, 0, 0, 0, false), ABC(OpReturn, 0, 1, 1, false)},
		Constants:    []Constant{{Kind: ConstInt, Int: -1}, {Kind: ConstString, Str: "hi"}},
		Upvalues:     []UpvalDesc{{Name: "_ENV", InStack: true}},
		LineInfo:     []int32{1, 1},
	}
	want := []byte("\x1bLua\x54\x00\x19\x93\r\n\x1a\n\x04\x08\x08" +
		"\x78\x56\x00\x00\x00\x00\x00\x00" + "\x00\x00\x00\x00\x00\x28\x77\x40" +
		"panto bytecode\x03" +
		"\x03=x" + "\x00\x00" + "\x00\x01\x02" +
		"\x02" + "\x4e\x00\x00\x00" + "\x43\x00\x01\x01" +
		"\x02" + "\x03\xff\xff\xff\xff\xff\xff\xff\xff" + "\x05\x02hi" +
		"\x01" + "\x01\x00\x00" +
		"\x00" +
		"\x0a" + // debug section: 10 bytes
		"\x02\x02\x00" +
		"\x00" +
		"\x01\x04_ENV")
	got := Encode(p, false)
	if !bytes.Equal(got, want) {
		t.Fatalf("layout changed:\n got %q\nwant %q", got, want)
	}
	if len(got) < HeaderSize || !bytes.Equal(got[:HeaderSize], want[:HeaderSize]) {
		t.Fatalf("HeaderSize %d does not match", HeaderSize)
	}
	stripped := Encode(p, true)
	// No source, and an empty debug section in place of the 11 bytes of
	// the full one (its length and its 10 bytes).
	wantStripped := []byte(string(want[:HeaderSize]) + "\x00" + string(want[HeaderSize+3:len(want)-11]) + "\x00")
	if !bytes.Equal(stripped, wantStripped) {
		t.Fatalf("stripped layout:\n got %q\nwant %q", stripped, wantStripped)
	}
}

// TestQuickCheckAgrees: the quick check (verify_quick.go) and the switch
// in code give the same verdict, and the same message, on every opcode
// the quick check handles, whatever its operands and whatever the
// function's frame, constants, upvalues and nested functions.
func TestQuickCheckAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 2))
	pick := func(max int) int {
		// Mostly small operands, near the bounds, sometimes anything.
		if r.IntN(4) == 0 {
			return r.IntN(max + 1)
		}
		return r.IntN(min(8, max+1))
	}
	verify := func(p *Proto, quick bool) string {
		noQuick = !quick
		defer func() { noQuick = false }()
		if err := Verify(p); err != nil {
			return err.Error()
		}
		return ""
	}
	var ops []Opcode
	for op := range Opcode(NumOpcodes) {
		if quickOps[op].on {
			ops = append(ops, op)
		}
	}
	if len(ops) < 40 {
		t.Fatalf("only %d opcodes are checked quickly", len(ops))
	}
	accepted := 0
	for i := 0; i < 200000; i++ {
		op := ops[r.IntN(len(ops))]
		var ins Instruction
		if Info[op].Format == IABx {
			ins = ABx(op, pick(MaxA), pick(MaxBx))
		} else {
			ins = ABC(op, pick(MaxA), pick(MaxB), pick(MaxC), r.IntN(2) == 0)
		}
		p := &Proto{MaxStackSize: uint8(r.IntN(8)), Code: []Instruction{ins, ABC(OpReturn, 0, 1, 0, true)}}
		for range r.IntN(8) {
			c := Constant{Kind: ConstKind(r.IntN(int(ConstString) + 1))}
			if c.Kind == ConstString {
				c.Str = "k"
			}
			p.Constants = append(p.Constants, c)
		}
		for range r.IntN(4) {
			p.Upvalues = append(p.Upvalues, UpvalDesc{})
		}
		for range r.IntN(3) {
			p.Protos = append(p.Protos, &Proto{MaxStackSize: 1, Code: []Instruction{ABC(OpReturn0, 0, 0, 0, false)}})
		}
		quick, slow := verify(p, true), verify(p, false)
		if quick != slow {
			t.Fatalf("%s %08x in %+v: quick check %q, switch %q", op, uint32(ins), p, quick, slow)
		}
		if quick == "" {
			accepted++
		}
	}
	if accepted < 20000 {
		t.Fatalf("only %d cases accepted: the test hardly exercises the quick check", accepted)
	}
}
