// Package bytecode defines panto's instruction set and compiled function
// prototypes: the contract between the compiler, the verifier and the VM.
//
// Instructions are 32-bit words. The layout keeps the opcode in the low bits
// so the VM's dispatch is a mask and a jump table, and gives every operand a
// fixed place so decoding is a shift and a mask:
//
//	 31       24 23       16 15 14        7 6      0
//	+-----------+-----------+--+-----------+--------+
//	|     C     |     B     |k |     A     |   op   |  iABC
//	+-----------+-----------+--+-----------+--------+
//	|          Bx (unsigned, 17)  |     A     |   op   |  iABx
//	|         sBx (excess-K, 17)  |     A     |   op   |  iAsBx
//	|               Ax (25)                |   op   |  iAx
//	|               sJ (excess-K, 25)      |   op   |  isJ
//
// Signed fields are stored in excess-K form (value + K where K is half the
// field's range), so sign handling is one subtraction. sC and sB are 8-bit
// operands in excess-127 form.
//
// Notation in the opcode table: R[x] is a register of the current frame,
// K[x] a constant, UpValue[x] an upvalue, RK(x) is K[x] when the k bit is
// set and R[x] otherwise. "pc++" skips the next instruction, which for the
// tests is always a JMP.
package bytecode

// Opcode is the operation of an instruction (the low 7 bits).
type Opcode uint8

const (
	OpMove       Opcode = iota // A B     R[A] := R[B]
	OpLoadI                    // A sBx   R[A] := sBx
	OpLoadF                    // A sBx   R[A] := float(sBx)
	OpLoadK                    // A Bx    R[A] := K[Bx]
	OpLoadKX                   // A       R[A] := K[extra arg]
	OpLoadFalse                // A       R[A] := false
	OpLFalseSkip               // A       R[A] := false; pc++
	OpLoadTrue                 // A       R[A] := true
	OpLoadNil                  // A B     R[A], ..., R[A+B] := nil
	OpGetUpval                 // A B     R[A] := UpValue[B]
	OpSetUpval                 // A B     UpValue[B] := R[A]
	OpGetTabUp                 // A B C   R[A] := UpValue[B][K[C]:string]
	OpGetTable                 // A B C   R[A] := R[B][R[C]]
	OpGetI                     // A B C   R[A] := R[B][C]
	OpGetField                 // A B C   R[A] := R[B][K[C]:string]
	OpSetTabUp                 // A B C   UpValue[A][K[B]:string] := RK(C)
	OpSetTable                 // A B C   R[A][R[B]] := RK(C)
	OpSetI                     // A B C   R[A][B] := RK(C)
	OpSetField                 // A B C   R[A][K[B]:string] := RK(C)
	OpNewTable                 // A B C k R[A] := {} with hash size hint B (log2+1) and array size C (+EXTRAARG*256 if k)
	OpSelf                     // A B C   R[A+1] := R[B]; R[A] := R[B][RK(C):string]
	OpAddI                     // A B sC  R[A] := R[B] + sC
	OpAddK                     // A B C   R[A] := R[B] + K[C]:number
	OpSubK                     // A B C   R[A] := R[B] - K[C]:number
	OpMulK                     // A B C   R[A] := R[B] * K[C]:number
	OpModK                     // A B C   R[A] := R[B] % K[C]:number
	OpPowK                     // A B C   R[A] := R[B] ^ K[C]:number
	OpDivK                     // A B C   R[A] := R[B] / K[C]:number
	OpIDivK                    // A B C   R[A] := R[B] // K[C]:number
	OpBandK                    // A B C   R[A] := R[B] & K[C]:integer
	OpBorK                     // A B C   R[A] := R[B] | K[C]:integer
	OpBxorK                    // A B C   R[A] := R[B] ~ K[C]:integer
	OpShrI                     // A B sC  R[A] := R[B] >> sC
	OpShlI                     // A B sC  R[A] := sC << R[B]
	OpAdd                      // A B C   R[A] := R[B] + R[C]
	OpSub                      // A B C   R[A] := R[B] - R[C]
	OpMul                      // A B C   R[A] := R[B] * R[C]
	OpMod                      // A B C   R[A] := R[B] % R[C]
	OpPow                      // A B C   R[A] := R[B] ^ R[C]
	OpDiv                      // A B C   R[A] := R[B] / R[C]
	OpIDiv                     // A B C   R[A] := R[B] // R[C]
	OpBand                     // A B C   R[A] := R[B] & R[C]
	OpBor                      // A B C   R[A] := R[B] | R[C]
	OpBxor                     // A B C   R[A] := R[B] ~ R[C]
	OpShl                      // A B C   R[A] := R[B] << R[C]
	OpShr                      // A B C   R[A] := R[B] >> R[C]
	OpUnm                      // A B     R[A] := -R[B]
	OpBnot                     // A B     R[A] := ~R[B]
	OpNot                      // A B     R[A] := not R[B]
	OpLen                      // A B     R[A] := #R[B]
	OpConcat                   // A B     R[A] := R[A] .. ... .. R[A+B-1]
	OpClose                    // A       close upvalues and to-be-closed variables >= R[A]
	OpTBC                      // A       mark R[A] as a to-be-closed variable
	OpJmp                      // sJ      pc += sJ
	OpEq                       // A B k   if ((R[A] == R[B]) ~= k) then pc++
	OpLt                       // A B k   if ((R[A] <  R[B]) ~= k) then pc++
	OpLe                       // A B k   if ((R[A] <= R[B]) ~= k) then pc++
	OpEqK                      // A B k   if ((R[A] == K[B]) ~= k) then pc++
	OpEqI                      // A sB k  if ((R[A] == sB) ~= k) then pc++
	OpLtI                      // A sB k  if ((R[A] < sB) ~= k) then pc++   (C: 1 if sB stands for a float)
	OpLeI                      // A sB k  if ((R[A] <= sB) ~= k) then pc++
	OpGtI                      // A sB k  if ((R[A] > sB) ~= k) then pc++
	OpGeI                      // A sB k  if ((R[A] >= sB) ~= k) then pc++
	OpTest                     // A k     if (not R[A] == k) then pc++
	OpTestSet                  // A B k   if (not R[B] == k) then pc++ else R[A] := R[B]
	OpCall                     // A B C   R[A], ..., R[A+C-2] := R[A](R[A+1], ..., R[A+B-1])
	OpTailCall                 // A B C k return R[A](R[A+1], ..., R[A+B-1])
	OpReturn                   // A B C k return R[A], ..., R[A+B-2]
	OpReturn0                  //         return
	OpReturn1                  // A       return R[A]
	OpForLoop                  // A Bx    update counters; if loop continues then pc -= Bx
	OpForPrep                  // A Bx    check values and prepare counters; if not to run then pc += Bx+1
	OpTForPrep                 // A Bx    create to-be-closed upvalue for R[A+3]; pc += Bx
	OpTForCall                 // A C     R[A+4], ..., R[A+3+C] := R[A](R[A+1], R[A+2])
	OpTForLoop                 // A Bx    if R[A+4] ~= nil then { R[A+2] := R[A+4]; pc -= Bx }
	OpSetList                  // A B C k R[A][C+i] := R[A+i], 1 <= i <= B
	OpClosure                  // A Bx    R[A] := closure(KPROTO[Bx])
	OpVararg                   // A C     R[A], R[A+1], ..., R[A+C-2] = vararg
	OpVarargPrep               // A       adjust vararg parameters (A = number of fixed parameters)
	OpExtraArg                 // Ax      extra (larger) argument for the previous opcode

	NumOpcodes int = iota
)

// Format is the operand layout of an opcode.
type Format uint8

const (
	IABC Format = iota
	IABx
	IAsBx
	IAx
	IsJ
)

// Field widths and positions.
const (
	SizeOp = 7
	SizeA  = 8
	SizeB  = 8
	SizeC  = 8
	SizeBx = SizeB + SizeC + 1
	SizeAx = SizeBx + SizeA
	SizeSJ = SizeAx

	PosOp = 0
	PosA  = PosOp + SizeOp
	PosK  = PosA + SizeA
	PosB  = PosK + 1
	PosC  = PosB + SizeB
	PosBx = PosK
	PosAx = PosA
	PosSJ = PosA

	MaxA      = 1<<SizeA - 1
	MaxB      = 1<<SizeB - 1
	MaxC      = 1<<SizeC - 1
	MaxBx     = 1<<SizeBx - 1
	MaxAx     = 1<<SizeAx - 1
	MaxSJ     = 1<<SizeSJ - 1
	OffsetSBx = MaxBx >> 1
	OffsetSJ  = MaxSJ >> 1
	OffsetSC  = MaxC >> 1

	// MaxArgSBx is the largest immediate a LOADI can hold.
	MaxArgSBx = MaxBx - OffsetSBx
)

// NoReg marks "no register" in jump-list bookkeeping: it is one more than
// any register the compiler may allocate.
const NoReg = MaxA

// Instruction is one encoded VM instruction.
type Instruction uint32

// Op returns the opcode.
func (i Instruction) Op() Opcode { return Opcode(i & (1<<SizeOp - 1)) }

// A returns operand A.
func (i Instruction) A() int { return int(i>>PosA) & MaxA }

// B returns operand B.
func (i Instruction) B() int { return int(i>>PosB) & MaxB }

// C returns operand C.
func (i Instruction) C() int { return int(i >> PosC) }

// SB returns operand B read as a signed immediate.
func (i Instruction) SB() int { return i.B() - OffsetSC }

// SC returns operand C read as a signed immediate.
func (i Instruction) SC() int { return i.C() - OffsetSC }

// K returns the k bit.
func (i Instruction) K() bool { return i&(1<<PosK) != 0 }

// Bx returns the unsigned 17-bit operand.
func (i Instruction) Bx() int { return int(i >> PosBx) }

// SBx returns the signed 17-bit operand.
func (i Instruction) SBx() int { return int(i>>PosBx) - OffsetSBx }

// Ax returns the 25-bit operand.
func (i Instruction) Ax() int { return int(i >> PosAx) }

// SJ returns the signed jump offset.
func (i Instruction) SJ() int { return int(i>>PosSJ) - OffsetSJ }

// ABC encodes an iABC instruction.
func ABC(op Opcode, a, b, c int, k bool) Instruction {
	var kb Instruction
	if k {
		kb = 1 << PosK
	}
	return Instruction(op) | Instruction(a)<<PosA | kb | Instruction(b)<<PosB | Instruction(c)<<PosC
}

// ABx encodes an iABx instruction.
func ABx(op Opcode, a, bx int) Instruction {
	return Instruction(op) | Instruction(a)<<PosA | Instruction(bx)<<PosBx
}

// AsBx encodes an iAsBx instruction.
func AsBx(op Opcode, a, sbx int) Instruction {
	return Instruction(op) | Instruction(a)<<PosA | Instruction(sbx+OffsetSBx)<<PosBx
}

// AxOp encodes an iAx instruction.
func AxOp(op Opcode, ax int) Instruction {
	return Instruction(op) | Instruction(ax)<<PosAx
}

// SJOp encodes an isJ instruction.
func SJOp(op Opcode, sj int) Instruction {
	return Instruction(op) | Instruction(sj+OffsetSJ)<<PosSJ
}

// SetA returns i with operand A replaced.
func (i Instruction) SetA(a int) Instruction {
	return i&^(MaxA<<PosA) | Instruction(a)<<PosA
}

// SetB returns i with operand B replaced.
func (i Instruction) SetB(b int) Instruction {
	return i&^(MaxB<<PosB) | Instruction(b)<<PosB
}

// SetC returns i with operand C replaced.
func (i Instruction) SetC(c int) Instruction {
	return i&^(MaxC<<PosC) | Instruction(c)<<PosC
}

// SetK returns i with the k bit set to k.
func (i Instruction) SetK(k bool) Instruction {
	i &^= 1 << PosK
	if k {
		i |= 1 << PosK
	}
	return i
}

// SetBx returns i with operand Bx replaced.
func (i Instruction) SetBx(bx int) Instruction {
	return i&^(MaxBx<<PosBx) | Instruction(bx)<<PosBx
}

// SetSJ returns i with the jump offset replaced.
func (i Instruction) SetSJ(sj int) Instruction {
	return i&^(MaxSJ<<PosSJ) | Instruction(sj+OffsetSJ)<<PosSJ
}

// IntToSC encodes a small integer as an sB/sC operand.
func IntToSC(v int) int { return v + OffsetSC }

// FitsSC reports whether v fits a signed 8-bit operand.
func FitsSC(v int64) bool { return v >= -OffsetSC && v <= MaxC-OffsetSC }

// FitsSBx reports whether v fits the signed 17-bit operand of LOADI/LOADF.
func FitsSBx(v int64) bool { return v >= -OffsetSBx && v <= MaxBx-OffsetSBx }
