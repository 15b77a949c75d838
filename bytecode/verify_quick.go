package bytecode

// The quick check: most instructions (moves, loads, table accesses,
// arithmetic) only read and write their operands and continue at the
// next instruction, so checking them is comparing each operand with a
// bound (the frame, the constants, the upvalues, the nested functions)
// and looking at the kind of a constant. The verifier does that for them
// from a table, without branching on what each instruction is; only an
// instruction that fails it, or that does more, goes through code's
// switch, which says what is wrong. TestQuickCheckAgrees holds the two
// to the same verdict.

// Bounds an operand is checked against, indexes into quickBounds.
const (
	boundNone  = iota // not checked
	boundReg          // a register: below MaxStackSize
	boundUp           // an upvalue
	boundK            // a constant
	boundProto        // a nested function
	numBounds
)

// quickOp is what the quick check verifies of one opcode.
type quickOp struct {
	on           bool  // the opcode is checked quickly
	a, b, c, bx  uint8 // bounds of A, B, C and Bx
	rk           bool  // C is RK: a constant with k, else a register
	kindB, kindC uint8 // kinds constant B or C may have (sets of 1<<ConstKind), allKinds when not a constant
}

// kindNone is the kind quickKinds gives an index past the constants: no
// kind set includes it but allKinds.
const kindNone = 7

const (
	allKinds    = 0xff
	stringKinds = 1 << ConstString
	numberKinds = 1<<ConstInt | 1<<ConstFloat
	intKinds    = 1 << ConstInt
)

// quickOps is indexed by opcode. Each entry lists exactly the checks of
// the opcode's case in code, which it replaces when they all pass.
var quickOps = func() (t [1 << SizeOp]quickOp) {
	set := func(a, b, c uint8, kindB, kindC uint8, ops ...Opcode) {
		for _, op := range ops {
			t[op] = quickOp{on: true, a: a, b: b, c: c, kindB: kindB, kindC: kindC}
		}
	}
	set(boundReg, boundNone, boundNone, allKinds, allKinds, OpLoadI, OpLoadF, OpLoadFalse, OpLoadTrue, OpClose, OpTBC)
	set(boundReg, boundReg, boundNone, allKinds, allKinds, OpMove, OpGetI,
		OpAddI, OpShrI, OpShlI, OpUnm, OpBnot, OpNot, OpLen)
	set(boundReg, boundReg, boundReg, allKinds, allKinds, OpGetTable,
		OpAdd, OpSub, OpMul, OpMod, OpPow, OpDiv, OpIDiv, OpBand, OpBor, OpBxor, OpShl, OpShr)
	set(boundReg, boundUp, boundNone, allKinds, allKinds, OpGetUpval, OpSetUpval)
	set(boundReg, boundUp, boundK, allKinds, stringKinds, OpGetTabUp)
	set(boundReg, boundReg, boundK, allKinds, stringKinds, OpGetField)
	set(boundReg, boundReg, boundK, allKinds, numberKinds, OpAddK, OpSubK, OpMulK, OpModK, OpPowK, OpDivK, OpIDivK)
	set(boundReg, boundReg, boundK, allKinds, intKinds, OpBandK, OpBorK, OpBxorK)
	// The stores: C is RK.
	set(boundUp, boundK, boundReg, stringKinds, allKinds, OpSetTabUp)
	set(boundReg, boundReg, boundReg, allKinds, allKinds, OpSetTable)
	set(boundReg, boundNone, boundReg, allKinds, allKinds, OpSetI)
	set(boundReg, boundK, boundReg, stringKinds, allKinds, OpSetField)
	for _, op := range []Opcode{OpSetTabUp, OpSetTable, OpSetI, OpSetField} {
		t[op].rk = true
	}
	// Bx operands.
	t[OpLoadK] = quickOp{on: true, a: boundReg, bx: boundK, kindB: allKinds, kindC: allKinds}
	t[OpClosure] = quickOp{on: true, a: boundReg, bx: boundProto, kindB: allKinds, kindC: allKinds}
	return t
}()

// quickState is what the quick check needs of the function being
// checked: the bound of each kind of operand, and the kinds of the
// constants an 8-bit operand can name (kindNone past the last one).
type quickState struct {
	bounds [numBounds]int
	kinds  [MaxC + 1]uint8
	nkinds int // kinds[:nkinds] may hold something other than kindNone
}

func (q *quickState) reset(p *Proto) {
	q.bounds = [numBounds]int{
		boundNone:  1 << 30,
		boundReg:   int(p.MaxStackSize),
		boundUp:    len(p.Upvalues),
		boundK:     len(p.Constants),
		boundProto: len(p.Protos),
	}
	n := min(len(p.Constants), len(q.kinds))
	for i := range n {
		// An unknown kind (header refuses it) must not pass a set.
		k := p.Constants[i].Kind
		if k > ConstString {
			k = kindNone
		}
		q.kinds[i] = uint8(k)
	}
	for i := n; i < q.nkinds; i++ {
		q.kinds[i] = kindNone
	}
	q.nkinds = n
}

// ok tells whether ins passes the checks of its quickOps entry, which
// must be on. Every operand is compared with its bound (boundNone's
// passes anything), so nothing here branches on the opcode.
func (q *quickState) ok(ins Instruction, e *quickOp) bool {
	a, b, c := ins.A(), ins.B(), ins.C()
	cb := e.c
	if e.rk && ins.K() {
		cb = boundK
	}
	return a < q.bounds[e.a] && b < q.bounds[e.b] && c < q.bounds[cb] && ins.Bx() < q.bounds[e.bx] &&
		e.kindB>>q.kinds[b]&1 != 0 && e.kindC>>q.kinds[c]&1 != 0
}
