package runtime

import (
	"bytes"
	"strings"
	"testing"

	"panto/bytecode"
)

func TestDumpLoadRoundTrip(t *testing.T) {
	L := NewState()
	src := `
local up = 10
local function f(a, ...)
  local t = {...}
  for i = 1, #t do a = a + t[i] end
  return a + up, select("#", ...)
end
return f`
	res, err := L.DoString(src, "=roundtrip")
	if err != nil {
		t.Fatal(err)
	}
	f := res[0]
	for _, strip := range []bool{false, true} {
		b, err := L.Dump(f, strip)
		if err != nil {
			t.Fatal(err)
		}
		if again, _ := L.Dump(f, strip); !bytes.Equal(b, again) {
			t.Fatalf("strip=%v: dump is not deterministic", strip)
		}
		g, err := L.Load(string(b), string(b), "b")
		if err != nil {
			t.Fatalf("strip=%v: %v", strip, err)
		}
		// The loaded function's upvalues are fresh: the first holds
		// the globals (here the function's "up" upvalue, so a + up
		// fails on a table), as in the reference.
		_, err = L.PCall(g, Int(1), Int(2), Int(3))
		if err == nil || !strings.Contains(err.Error(), "attempt to perform arithmetic on a table value (upvalue 'up')") && !strings.Contains(err.Error(), "attempt to perform arithmetic on a table value (upvalue '?')") {
			t.Fatalf("strip=%v: got %v", strip, err)
		}
	}
	main, err := L.Load(src, "=roundtrip", "t")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := L.Dump(main, false)
	m, err := L.Load(string(b), "=bin", "bt")
	if err != nil {
		t.Fatal(err)
	}
	res, err = L.PCall(m)
	if err != nil {
		t.Fatal(err)
	}
	out, err := L.PCall(res[0], Int(1), Int(2), Int(3))
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 || out[0] != Int(16) || out[1] != Int(2) {
		t.Fatalf("got %v", out)
	}
}

func TestDumpGoFunction(t *testing.T) {
	L := NewState()
	_, err := L.Dump(L.GetGlobal("print"), false)
	if err == nil || err.Error() != "unable to dump given function" {
		t.Fatalf("got %v", err)
	}
}

// refChunk starts like a chunk of the reference interpreter: its header
// (which panto's shares), an upvalue count and a source name.
const refChunk = "\x1bLua\x54\x00\x19\x93\r\n\x1a\n\x04\x08\x08" +
	"\x78\x56\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x28\x77\x40" +
	"\x01\x89@foo.lua\x80\x80\x00\x01\x02\x85"

func TestLoadBinaryErrors(t *testing.T) {
	L := NewState()
	good, _ := L.Dump(loadText(t, L, "return 1"), false)
	cases := []struct {
		src, name, mode, want string
	}{
		{"\x1bLua", "\x1bLua", "bt", "binary string: bad binary format (truncated chunk)"},
		{"\x1bLua\x54\x00", "@foo.lua", "b", "foo.lua: bad binary format (truncated chunk)"},
		{refChunk, "@foo.lua", "b", "foo.lua: bad binary format (format mismatch: not a panto chunk (from another Lua implementation))"},
		{"\x1bLua\x54P\x02\x19\x93\r\n\x1a\n", "=old", "b", "old: bad binary format (panto bytecode format version 2, expected 3)"},
		{"\x1bLua\x53", "=foo", "b", "foo: bad binary format (version mismatch: chunk is for Lua 5.3, expected 5.4)"},
		{"\x1bLuaXYZ", "foo", "bt", "foo: bad binary format (version mismatch: chunk is for Lua 5.8, expected 5.4)"},
		{string(good), "x", "t", "attempt to load a binary chunk (mode is 't')"},
		{"return 1", "x", "b", "attempt to load a text chunk (mode is 'b')"},
		{string(good[:len(good)-3]), "=x", "b", "x: bad binary format (truncated chunk: main function declares 12 debug information bytes, 9 bytes left)"},
		{string(good[:20]), "=x", "b", "x: bad binary format (truncated chunk)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := L.Load(c.src, c.name, c.mode)
			if err == nil || err.Error() != c.want {
				t.Errorf("load %q: got %v, want %q", c.src, err, c.want)
			}
		})
	}
	_, err := L.Load("\x1bLua", "=x", "b")
	if e, ok := err.(*Error); !ok || e.Status != StatusSyntaxError {
		t.Errorf("binary format error has status %v", err)
	}
}

func loadText(t *testing.T, L *State, src string) Value {
	t.Helper()
	fn, err := L.Load(src, "=test", "t")
	if err != nil {
		t.Fatal(err)
	}
	return fn
}

// TestLoadBinaryAttacks loads chunks crafted to break the VM's
// assumptions, each of which would crash the process or corrupt memory if
// it ran: the loader must refuse them all.
func TestLoadBinaryAttacks(t *testing.T) {
	I := bytecode.ABC
	main := func(maxStack uint8, k []bytecode.Constant, code ...bytecode.Instruction) *bytecode.Proto {
		return &bytecode.Proto{
			IsVararg:     true,
			MaxStackSize: maxStack,
			Code:         append([]bytecode.Instruction{I(bytecode.OpVarargPrep, 0, 0, 0, false)}, code...),
			Constants:    k,
			Upvalues:     []bytecode.UpvalDesc{{InStack: true}},
		}
	}
	ret := I(bytecode.OpReturn, 0, 1, 1, false)
	intK := []bytecode.Constant{{Kind: bytecode.ConstInt, Int: 1 << 40}}
	strK := []bytecode.Constant{{Kind: bytecode.ConstString, Str: "ab"}}
	cases := []struct {
		name string
		p    *bytecode.Proto
		want string
	}{
		// The VM would read an integer as a string header.
		{"integer field key", main(2, intK, I(bytecode.OpGetTabUp, 0, 0, 0, false), ret), "not a string"},
		// A register far outside the frame.
		{"register", main(2, nil, I(bytecode.OpMove, 200, 0, 0, false), ret), "register 200 out of range"},
		// FORLOOP would turn the string into one of 2^40 bytes.
		{"for loop on a string", main(5, strK,
			bytecode.ABx(bytecode.OpLoadK, 0, 0),
			bytecode.AsBx(bytecode.OpLoadI, 1, 100),
			bytecode.AsBx(bytecode.OpLoadI, 2, 1),
			bytecode.ABx(bytecode.OpForLoop, 0, 1),
			ret), "not into the loop of a FORPREP"},
		// The stack top left by nothing: a negative argument count.
		{"open call", main(4, nil, I(bytecode.OpCall, 3, 0, 1, false), ret), "uses the stack top (B=0) but the previous instruction (VARARGPREP) does not set it"},
		// The table would preallocate 2^33 slots.
		{"huge SETLIST", main(2, nil,
			I(bytecode.OpNewTable, 0, 0, 0, false), bytecode.AxOp(bytecode.OpExtraArg, 0),
			I(bytecode.OpSetList, 0, 1, 0, true), bytecode.AxOp(bytecode.OpExtraArg, 1<<24),
			ret), "only 0 items were stored before"},
		// Falling off the end of the code.
		{"no return", main(2, nil, I(bytecode.OpMove, 0, 1, 0, false)), "control falls off the end of the code"},
	}
	L := NewState()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := L.Load(string(bytecode.Encode(c.p, false)), "=attack", "b")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: got %v, want %q", c.name, err, c.want)
			}
		})
	}
}
