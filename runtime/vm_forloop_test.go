package runtime

import (
	"strings"
	"testing"

	bc "panto/bytecode"
)

// The verifier does not stop bytecode from doing odd things to a numeric
// for loop's control registers (debug.setlocal can do the same from Lua):
// the VM must read them by their tags and write whole values, so that
// whatever the body does, the loop runs or fails as Lua, never as memory.
// Each chunk here passes the verifier and must run without crashing.
func TestForLoopControlAbuse(t *testing.T) {
	ret := bc.ABC(bc.OpReturn, 0, 5, 1, false) // the four control registers
	head := []bc.Instruction{bc.AsBx(bc.OpLoadI, 0, 1), bc.AsBx(bc.OpLoadI, 1, 3), bc.AsBx(bc.OpLoadI, 2, 1)}
	loop := func(body ...bc.Instruction) []bc.Instruction {
		code := append([]bc.Instruction{}, head...)
		code = append(code, bc.ABx(bc.OpForPrep, 0, len(body)))
		code = append(code, body...)
		return append(code, bc.ABx(bc.OpForLoop, 0, len(body)+1), ret)
	}
	setter := &bc.Proto{
		Source: "=abuse", LineDefined: 1, LastLineDefined: 1, MaxStackSize: 2,
		Upvalues:  []bc.UpvalDesc{{InStack: true, Index: 1}},
		Code:      []bc.Instruction{bc.ABx(bc.OpLoadK, 0, 0), bc.ABC(bc.OpSetUpval, 0, 0, 0, false), bc.ABC(bc.OpReturn0, 0, 0, 0, false)},
		Constants: []bc.Constant{{Kind: bc.ConstString, Str: "not a number"}},
	}
	cases := []struct {
		name   string
		code   []bc.Instruction
		protos []*bc.Proto
	}{
		{"count becomes a string", loop(bc.ABx(bc.OpLoadK, 1, 0)), nil},
		{"step becomes a string", loop(bc.ABx(bc.OpLoadK, 2, 0)), nil},
		{"index becomes nil", loop(bc.ABC(bc.OpLoadNil, 0, 0, 0, false)), nil},
		{"all three become floats", loop(bc.AsBx(bc.OpLoadF, 0, 2), bc.AsBx(bc.OpLoadF, 1, 2), bc.AsBx(bc.OpLoadF, 2, 0)), nil},
		{"jump into the body", append([]bc.Instruction{bc.SJOp(bc.OpJmp, 4)}, loop(bc.AsBx(bc.OpLoadI, 4, 0))...), nil},
		{"a closure assigns the count", append(loop(bc.ABx(bc.OpClosure, 4, 0), bc.ABC(bc.OpCall, 4, 1, 1, false))[:6], bc.ABx(bc.OpForLoop, 0, 3), bc.ABC(bc.OpReturn, 0, 5, 1, true)), []*bc.Proto{setter}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &bc.Proto{
				Source: "=abuse", MaxStackSize: 8, IsVararg: true,
				Code:      append([]bc.Instruction{bc.ABC(bc.OpVarargPrep, 0, 0, 0, false)}, c.code...),
				Constants: []bc.Constant{{Kind: bc.ConstString, Str: "str"}},
				Upvalues:  []bc.UpvalDesc{{Name: "_ENV", InStack: true}},
				Protos:    c.protos,
			}
			if err := bc.Verify(p); err != nil {
				t.Fatalf("the verifier refuses the chunk: %v", err)
			}
			L := NewState()
			fn, err := L.Load(string(bc.Encode(p, false)), "=abuse", "b")
			if err != nil {
				t.Fatal(err)
			}
			// What the loop leaves in its registers must be whole Lua
			// values: tostring reads every one of them.
			show, err := L.Load("local ok, a, b, c, d = pcall(...) return tostring(ok) .. ' ' .. tostring(a) .. ' ' .. tostring(b) .. ' ' .. tostring(c) .. ' ' .. tostring(d)", "=show", "t")
			if err != nil {
				t.Fatal(err)
			}
			L.SetBudget(1_000_000) // a loop the body made endless stops here
			res, err := L.PCall(show, fn)
			switch {
			case err == nil:
				t.Logf("%s", res[0].AsString())
			case !strings.Contains(err.Error(), "interrupted: instruction budget exhausted"):
				t.Fatal(err)
			}
			L.SetBudget(0)
			if res, err := L.PCall(mustLoad(t, L, "return 1 + 1")); err != nil || len(res) != 1 || res[0] != Int(2) {
				t.Fatalf("the state is not usable afterwards: %v %v", res, err)
			}
		})
	}
}
