package bytecode

import "testing"

func TestOpInfoInStep(t *testing.T) {
	if len(Info) != NumOpcodes {
		t.Fatalf("Info has %d entries, want %d", len(Info), NumOpcodes)
	}
	seen := map[string]bool{}
	for op, info := range Info {
		if info.Name == "" {
			t.Errorf("opcode %d has no name", op)
		}
		if seen[info.Name] {
			t.Errorf("duplicate opcode name %s", info.Name)
		}
		seen[info.Name] = true
	}
	if NumOpcodes > 1<<SizeOp {
		t.Fatalf("%d opcodes do not fit in %d bits", NumOpcodes, SizeOp)
	}
}

func TestEncodeDecode(t *testing.T) {
	i := ABC(OpAdd, 3, 200, 255, true)
	if i.Op() != OpAdd || i.A() != 3 || i.B() != 200 || i.C() != 255 || !i.K() {
		t.Fatalf("ABC round trip: %v %d %d %d %v", i.Op(), i.A(), i.B(), i.C(), i.K())
	}
	for _, v := range []int{-OffsetSBx, -1, 0, 1, MaxArgSBx} {
		if got := AsBx(OpLoadI, 7, v).SBx(); got != v {
			t.Errorf("sBx %d round-trips to %d", v, got)
		}
	}
	for _, v := range []int{-OffsetSJ, -5, 0, 5, MaxSJ - OffsetSJ} {
		if got := SJOp(OpJmp, v).SJ(); got != v {
			t.Errorf("sJ %d round-trips to %d", v, got)
		}
	}
	j := ABC(OpEqI, 1, IntToSC(-5), 0, false)
	if j.SB() != -5 {
		t.Errorf("sB = %d", j.SB())
	}
	if got := ABx(OpLoadK, 1, MaxBx).SetA(9); got.A() != 9 || got.Bx() != MaxBx {
		t.Errorf("SetA broke Bx: %d %d", got.A(), got.Bx())
	}
}
