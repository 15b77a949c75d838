package gogen

import bc "panto/bytecode"

// Guessing the type of a value nothing in the code fixes: what a table
// read, an upvalue or a call gives, or a parameter. The typed copies
// keep such a value in a Go local when it is used as a number, with a
// check of its tag where it arrives (a read, after a call, at the loop's
// head), so a wrong guess costs a way out to the generic code, never a
// wrong result. The guess comes from how the code goes on to use the
// value: as a table key, with bitwise operators or small integer
// immediates it is an integer; next to a float, a float; a value used in
// arithmetic with nothing else to tell is guessed a float (numeric code
// on fields and arrays mostly is). A value never used as a number is
// left in its register, unchecked.

// useType guesses the type register r holds when instruction pc starts,
// from the instructions that read it from there on (following moves),
// with guess (may be nil) the guessed states of the other operands.
func useType(p *bc.Proto, pc, r int, guess []state) vt {
	type at struct{ pc, r int }
	ints, floats, numeric := 0, 0, false
	other := func(pc, o int) {
		if guess == nil || guess[pc] == nil || o >= len(guess[pc]) {
			return
		}
		switch guess[pc][o] {
		case vtInt:
			ints++
		case vtFloat:
			floats++
		}
	}
	seen := map[at]bool{}
	work := []at{{pc, r}}
	for steps := 0; len(work) > 0 && steps < 400; steps++ {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x.pc < 0 || x.pc >= len(p.Code) || seen[x] {
			continue
		}
		seen[x] = true
		i := p.Code[x.pc]
		op := i.Op()
		reg := x.r
		if isArithOp(op) && readsAsOperand(i, reg) {
			numeric = true
			voteArith(p, i, reg, &ints, &floats, func(o int) { other(x.pc, o) })
			if keepsType(op) {
				// What the result meets tells of the operand too
				// (i + j - 1: an integer if i is).
				work = append(work, at{x.pc + 1, i.A()})
			}
		}
		switch op {
		case bc.OpEq, bc.OpLt, bc.OpLe:
			if i.A() == reg || i.B() == reg {
				numeric = true
				o := i.B()
				if o == reg {
					o = i.A()
				}
				other(x.pc, o)
			}
		case bc.OpEqK:
			if i.A() == reg {
				if t := constType(p.Constants[i.B()]); t != vtUnk {
					numeric = true
					if t == vtInt {
						ints++
					} else {
						floats++
					}
				}
			}
		case bc.OpEqI, bc.OpLtI, bc.OpLeI, bc.OpGtI, bc.OpGeI:
			if i.A() == reg {
				numeric = true
				ints++
			}
		case bc.OpGetTable:
			if i.C() == reg {
				ints += 2 // a key: an integer if a number at all
			}
		case bc.OpSetTable:
			if i.B() == reg {
				ints += 2
			}
		case bc.OpForPrep:
			if reg >= i.A() && reg <= i.A()+2 {
				numeric = true
				ints++
			}
		case bc.OpMove:
			if i.B() == reg {
				work = append(work, at{x.pc + 1, i.A()})
			}
		}
		if clobbers(i, reg) {
			continue
		}
		for _, s := range succs(p, x.pc) {
			work = append(work, at{s, reg})
		}
	}
	switch {
	case !numeric:
		return vtUnk
	case ints > floats:
		return vtInt
	}
	return vtFloat
}

func isArithOp(op bc.Opcode) bool {
	switch op {
	case bc.OpAdd, bc.OpSub, bc.OpMul, bc.OpMod, bc.OpPow, bc.OpDiv, bc.OpIDiv, bc.OpBand, bc.OpBor, bc.OpBxor, bc.OpShl, bc.OpShr,
		bc.OpAddK, bc.OpSubK, bc.OpMulK, bc.OpModK, bc.OpPowK, bc.OpDivK, bc.OpIDivK, bc.OpBandK, bc.OpBorK, bc.OpBxorK,
		bc.OpAddI, bc.OpShrI, bc.OpShlI, bc.OpUnm, bc.OpBnot:
		return true
	}
	return false
}

// readsAsOperand reports whether arithmetic instruction i reads reg.
func readsAsOperand(i bc.Instruction, reg int) bool {
	for _, r := range numericReads(i) {
		if r == reg {
			return true
		}
	}
	return false
}

// voteArith counts what arithmetic instruction i says of its operand
// reg: bitwise operators, integer immediates and integer constants
// added, subtracted or divided by want integers; the other register
// operand votes through other.
func voteArith(p *bc.Proto, i bc.Instruction, reg int, ints, floats *int, other func(int)) {
	switch op := i.Op(); op {
	case bc.OpBand, bc.OpBor, bc.OpBxor, bc.OpShl, bc.OpShr, bc.OpBandK, bc.OpBorK, bc.OpBxorK, bc.OpShrI, bc.OpShlI, bc.OpBnot, bc.OpAddI:
		*ints++
	case bc.OpAdd, bc.OpSub, bc.OpMul, bc.OpMod, bc.OpIDiv:
		o := i.C()
		if o == reg {
			o = i.B()
		}
		other(o)
	case bc.OpAddK, bc.OpSubK, bc.OpMulK, bc.OpModK, bc.OpIDivK:
		k := p.Constants[i.C()]
		// A float constant says nothing (ij * 0.5 with ij an integer).
		if k.Kind == bc.ConstInt && op != bc.OpMulK {
			*ints++ // x - 1, i % 2: counting
		}
	}
}

// keepsType reports whether arithmetic op gives an integer from
// integers and a float from floats.
func keepsType(op bc.Opcode) bool {
	switch op {
	case bc.OpAdd, bc.OpSub, bc.OpMul, bc.OpMod, bc.OpIDiv, bc.OpUnm,
		bc.OpAddK, bc.OpSubK, bc.OpMulK, bc.OpModK, bc.OpIDivK, bc.OpAddI:
		return true
	}
	return false
}

// clobbers reports whether instruction i overwrites register r (as far
// as guessing goes: an approximation).
func clobbers(i bc.Instruction, r int) bool {
	a := i.A()
	switch i.Op() {
	case bc.OpCall, bc.OpVararg:
		return r >= a
	case bc.OpTForCall:
		return r >= a+4
	case bc.OpLoadNil:
		return r >= a && r <= a+i.B()
	case bc.OpForPrep, bc.OpForLoop:
		return r == a || r == a+3
	case bc.OpJmp, bc.OpEq, bc.OpLt, bc.OpLe, bc.OpEqK, bc.OpEqI, bc.OpLtI, bc.OpLeI, bc.OpGtI, bc.OpGeI, bc.OpTest,
		bc.OpSetTabUp, bc.OpSetTable, bc.OpSetI, bc.OpSetField, bc.OpSetUpval, bc.OpSetList, bc.OpTForPrep,
		bc.OpClose, bc.OpTBC, bc.OpReturn, bc.OpReturn0, bc.OpReturn1, bc.OpTailCall, bc.OpExtraArg, bc.OpVarargPrep:
		return false
	}
	return r == a
}

// loadGuesses guesses, for each instruction that loads a value of no
// fixed type (a table read, an upvalue, a call with one result), the
// type of that value: the type of its register where it is used next.
// Two rounds: the second sees the other operands' guesses of the first.
func loadGuesses(p *bc.Proto) ([]vt, []state) {
	lg := make([]vt, len(p.Code))
	var guess []state
	for round := 0; round < 2; round++ {
		for pc, i := range p.Code {
			switch i.Op() {
			case bc.OpGetTable, bc.OpGetI, bc.OpGetField, bc.OpGetTabUp, bc.OpGetUpval:
				lg[pc] = useType(p, pc+1, i.A(), guess)
			case bc.OpCall:
				lg[pc] = vtUnk
				if i.C() == 2 {
					lg[pc] = useType(p, pc+1, i.A(), guess)
				}
			}
		}
		guess = guessTypes(p, lg)
	}
	return lg, guess
}
