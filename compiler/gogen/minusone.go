package gogen

import (
	bc "panto/bytecode"
)

// Go's compiler rewrites a float product or quotient by the constant -1
// into a negation (x * -1 and x / -1 become -x), which flips the sign bit
// of a NaN where the machine's multiplication, and so the interpreter and
// lua5.4, hand the NaN operand back unchanged: 0/0 * -1 prints "-nan"
// interpreted and "nan" transpiled. The generated code therefore
// multiplies and divides through rt.FMul and rt.FDiv wherever the
// compiler may see a -1: a constant operand of -1, or a register that
// some instruction of the function loads with -1 (LOADI, LOADF, LOADK,
// LOADKX)
// or copies from such a register. A register is in that set whatever
// path leads to the instruction, which is more than the compiler can
// prove constant and costs only a predictable comparison. A -1 computed
// from other constants at run time (0 - 1 with 0 in a register) is not
// followed.

// isMinusOne reports whether the constant k is the number -1.
func isMinusOne(k bc.Constant) bool {
	return k.Kind == bc.ConstInt && k.Int == -1 || k.Kind == bc.ConstFloat && k.Float == -1
}

// minusOneRegs returns the registers of p that may hold the -1 of an
// instruction's operand, indexed by register.
func minusOneRegs(p *bc.Proto) []bool {
	regs := make([]bool, max(p.MaxStackSize, 1))
	for pc, i := range p.Code {
		var hit bool
		switch i.Op() {
		case bc.OpLoadI, bc.OpLoadF:
			hit = i.SBx() == -1
		case bc.OpLoadK:
			hit = isMinusOne(p.Constants[i.Bx()])
		case bc.OpLoadKX:
			hit = pc+1 < len(p.Code) && isMinusOne(p.Constants[p.Code[pc+1].Ax()])
		}
		if hit && i.A() < len(regs) {
			regs[i.A()] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, i := range p.Code {
			if i.Op() == bc.OpMove && i.B() < len(regs) && i.A() < len(regs) && regs[i.B()] && !regs[i.A()] {
				regs[i.A()] = true
				changed = true
			}
		}
	}
	return regs
}
