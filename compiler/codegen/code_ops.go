package codegen

import (
	"math"

	bc "panto/bytecode"
	"panto/compiler/ast"
	"panto/internal/luanum"
)

// Operators, the second half of the reference's lcode.c (luaK_prefix,
// luaK_infix, luaK_posfix and constfolding): constant folding first, then
// the instruction forms that take an immediate or a constant operand, then
// plain register forms.
//
// Commutative operations with the constant on the left are emitted with
// the operands swapped and the k bit set, so that a metamethod still
// receives them in source order.

// foldable reports whether op can be folded at compile time.
func foldable(op ast.BinaryOp) bool { return op <= ast.OpShr }

// constFold folds e1 op e2 into e1 when both are numerals and the result
// is safe to fold (no division by zero, no conversion errors, no NaN or
// zero floats whose sign could matter).
func (fs *funcState) constFold(op ast.BinaryOp, e1, e2 *expDesc) bool {
	if !e1.isNumeral() || !e2.isNumeral() {
		return false
	}
	isInt := e1.k == eKInt && e2.k == eKInt
	switch op {
	case ast.OpBand, ast.OpBor, ast.OpBxor, ast.OpShl, ast.OpShr:
		a, ok1 := numToInt(e1)
		b, ok2 := numToInt(e2)
		if !ok1 || !ok2 {
			return false
		}
		var r int64
		switch op {
		case ast.OpBand:
			r = a & b
		case ast.OpBor:
			r = a | b
		case ast.OpBxor:
			r = a ^ b
		case ast.OpShl:
			r = luanum.ShiftLeft(a, b)
		case ast.OpShr:
			r = luanum.ShiftLeft(a, -b)
		}
		e1.k, e1.ival = eKInt, r
		return true
	case ast.OpDiv, ast.OpIDiv, ast.OpMod:
		if numValue(e2) == 0 {
			return false
		}
	}
	if isInt && op != ast.OpDiv && op != ast.OpPow {
		a, b := e1.ival, e2.ival
		var r int64
		switch op {
		case ast.OpAdd:
			r = a + b
		case ast.OpSub:
			r = a - b
		case ast.OpMul:
			r = a * b
		case ast.OpMod:
			r = luanum.Mod(a, b)
		case ast.OpIDiv:
			r = luanum.IDiv(a, b)
		}
		e1.k, e1.ival = eKInt, r
		return true
	}
	a, b := numValue(e1), numValue(e2)
	var r float64
	switch op {
	case ast.OpAdd:
		r = a + b
	case ast.OpSub:
		r = a - b
	case ast.OpMul:
		r = a * b
	case ast.OpDiv:
		r = a / b
	case ast.OpPow:
		r = luanum.Pow(a, b)
	case ast.OpIDiv:
		r = math.Floor(a / b)
	case ast.OpMod:
		r = luanum.FMod(a, b)
	}
	if r != r || r == 0 {
		return false
	}
	e1.k, e1.nval = eKFlt, r
	return true
}

// foldUnary folds -e and ~e for numerals.
func (fs *funcState) foldUnary(op ast.UnaryOp, e *expDesc) bool {
	if !e.isNumeral() {
		return false
	}
	switch op {
	case ast.OpNeg:
		if e.k == eKInt {
			e.ival = -e.ival
			return true
		}
		r := -e.nval
		if r == 0 {
			return false
		}
		e.nval = r
		return true
	case ast.OpBnot:
		i, ok := numToInt(e)
		if !ok {
			return false
		}
		e.k, e.ival = eKInt, ^i
		return true
	}
	return false
}

func numValue(e *expDesc) float64 {
	if e.k == eKInt {
		return float64(e.ival)
	}
	return e.nval
}

func numToInt(e *expDesc) (int64, bool) {
	if e.k == eKInt {
		return e.ival, true
	}
	return luanum.FloatToInt(e.nval)
}

// prefix compiles a unary operator applied to e.
func (fs *funcState) prefix(op ast.UnaryOp, e *expDesc, line int) {
	fs.dischargeVars(e)
	switch op {
	case ast.OpNeg, ast.OpBnot:
		if fs.foldUnary(op, e) {
			return
		}
		opc := bc.OpUnm
		if op == ast.OpBnot {
			opc = bc.OpBnot
		}
		fs.codeUnExpVal(opc, e, line)
	case ast.OpLen:
		fs.codeUnExpVal(bc.OpLen, e, line)
	case ast.OpNot:
		fs.codeNot(e)
	}
}

func (fs *funcState) codeUnExpVal(op bc.Opcode, e *expDesc, line int) {
	r := fs.exp2anyreg(e)
	fs.freeExp(e)
	e.info = fs.codeABC(op, 0, r, 0)
	e.k = eReloc
	fs.fixLine(line)
}

// infix prepares the first operand before the second is compiled.
func (fs *funcState) infix(op ast.BinaryOp, v *expDesc) {
	fs.dischargeVars(v)
	switch op {
	case ast.OpAnd:
		fs.goIfTrue(v)
	case ast.OpOr:
		fs.goIfFalse(v)
	case ast.OpConcat:
		fs.exp2nextreg(v)
	case ast.OpEq, ast.OpNe:
		if !v.isNumeral() {
			fs.exp2RK(v)
		}
	case ast.OpLt, ast.OpLe, ast.OpGt, ast.OpGe:
		if _, _, ok := isSCnumber(v); !ok {
			fs.exp2anyreg(v)
		}
	default:
		if !v.isNumeral() {
			fs.exp2anyreg(v)
		}
	}
}

// posfix finishes e1 op e2 into e1.
func (fs *funcState) posfix(op ast.BinaryOp, e1, e2 *expDesc, line int) {
	fs.dischargeVars(e2)
	if foldable(op) && fs.constFold(op, e1, e2) {
		return
	}
	switch op {
	case ast.OpAnd:
		fs.concatJumps(&e2.fj, e1.fj)
		*e1 = *e2
	case ast.OpOr:
		fs.concatJumps(&e2.tj, e1.tj)
		*e1 = *e2
	case ast.OpConcat:
		fs.exp2nextreg(e2)
		fs.codeConcat(e1, e2, line)
	case ast.OpAdd, ast.OpMul:
		fs.codeCommutative(op, e1, e2, line)
	case ast.OpSub, ast.OpDiv, ast.OpIDiv, ast.OpMod, ast.OpPow:
		fs.codeArith(op, e1, e2, false, line)
	case ast.OpBand, ast.OpBor, ast.OpBxor:
		fs.codeBitwise(op, e1, e2, line)
	case ast.OpShl:
		if isSCint(e1) {
			e1, e2 = swapExps(e1, e2)
			fs.codeBinI(bc.OpShlI, e1, e2, false, line)
		} else {
			fs.codeBinExpVal(bc.OpShl, e1, e2, line)
		}
	case ast.OpShr:
		if isSCint(e2) {
			fs.codeBinI(bc.OpShrI, e1, e2, false, line)
		} else {
			fs.codeBinExpVal(bc.OpShr, e1, e2, line)
		}
	case ast.OpEq, ast.OpNe:
		fs.codeEq(op, e1, e2)
	case ast.OpGt, ast.OpGe:
		// a > b is b < a; a >= b is b <= a.
		e1, e2 = swapExps(e1, e2)
		if op == ast.OpGt {
			op = ast.OpLt
		} else {
			op = ast.OpLe
		}
		fs.codeOrder(op, e1, e2)
	case ast.OpLt, ast.OpLe:
		fs.codeOrder(op, e1, e2)
	}
}

// swapExps exchanges the contents of two descriptors (the first stays the
// one that receives the result) and returns them.
func swapExps(e1, e2 *expDesc) (*expDesc, *expDesc) {
	*e1, *e2 = *e2, *e1
	return e1, e2
}

var arithOpcodes = map[ast.BinaryOp]bc.Opcode{
	ast.OpAdd: bc.OpAdd, ast.OpSub: bc.OpSub, ast.OpMul: bc.OpMul, ast.OpMod: bc.OpMod,
	ast.OpPow: bc.OpPow, ast.OpDiv: bc.OpDiv, ast.OpIDiv: bc.OpIDiv, ast.OpBand: bc.OpBand,
	ast.OpBor: bc.OpBor, ast.OpBxor: bc.OpBxor, ast.OpShl: bc.OpShl, ast.OpShr: bc.OpShr,
}

var arithKOpcodes = map[ast.BinaryOp]bc.Opcode{
	ast.OpAdd: bc.OpAddK, ast.OpSub: bc.OpSubK, ast.OpMul: bc.OpMulK, ast.OpMod: bc.OpModK,
	ast.OpPow: bc.OpPowK, ast.OpDiv: bc.OpDivK, ast.OpIDiv: bc.OpIDivK, ast.OpBand: bc.OpBandK,
	ast.OpBor: bc.OpBorK, ast.OpBxor: bc.OpBxorK,
}

// finishBinExpVal emits op with e1 in a register and v2 as the second
// operand; flip records that the operands were swapped.
func (fs *funcState) finishBinExpVal(e1, e2 *expDesc, op bc.Opcode, v2 int, flip bool, line int) {
	v1 := fs.exp2anyreg(e1)
	pc := fs.codeABCk(op, 0, v1, v2, flip)
	fs.freeExps(e1, e2)
	e1.info = pc
	e1.k = eReloc
	fs.fixLine(line)
}

func (fs *funcState) codeBinExpVal(op bc.Opcode, e1, e2 *expDesc, line int) {
	v2 := fs.exp2anyreg(e2)
	fs.finishBinExpVal(e1, e2, op, v2, false, line)
}

func (fs *funcState) codeBinI(op bc.Opcode, e1, e2 *expDesc, flip bool, line int) {
	v2 := bc.IntToSC(int(e2.ival))
	fs.finishBinExpVal(e1, e2, op, v2, flip, line)
}

func (fs *funcState) codeBinK(op ast.BinaryOp, e1, e2 *expDesc, flip bool, line int) {
	fs.finishBinExpVal(e1, e2, arithKOpcodes[op], e2.info, flip, line)
}

func (fs *funcState) codeArith(op ast.BinaryOp, e1, e2 *expDesc, flip bool, line int) {
	if e2.isNumeral() && fs.exp2K(e2) {
		fs.codeBinK(op, e1, e2, flip, line)
		return
	}
	if flip {
		e1, e2 = swapExps(e1, e2)
	}
	fs.codeBinExpVal(arithOpcodes[op], e1, e2, line)
}

func (fs *funcState) codeCommutative(op ast.BinaryOp, e1, e2 *expDesc, line int) {
	flip := false
	if e1.isNumeral() {
		e1, e2 = swapExps(e1, e2)
		flip = true
	}
	if op == ast.OpAdd && isSCint(e2) {
		fs.codeBinI(bc.OpAddI, e1, e2, flip, line)
		return
	}
	fs.codeArith(op, e1, e2, flip, line)
}

func (fs *funcState) codeBitwise(op ast.BinaryOp, e1, e2 *expDesc, line int) {
	flip := false
	if e1.k == eKInt {
		e1, e2 = swapExps(e1, e2)
		flip = true
	}
	if e2.k == eKInt && fs.exp2K(e2) {
		fs.codeBinK(op, e1, e2, flip, line)
		return
	}
	if flip {
		e1, e2 = swapExps(e1, e2)
	}
	fs.codeBinExpVal(arithOpcodes[op], e1, e2, line)
}

// codeOrder compiles < and <= (> and >= arrive swapped).
func (fs *funcState) codeOrder(op ast.BinaryOp, e1, e2 *expDesc) {
	var r1, r2 int
	var opc bc.Opcode
	isFloat := false
	if im, fl, ok := isSCnumber(e2); ok {
		r1 = fs.exp2anyreg(e1)
		r2, isFloat = im, fl
		opc = bc.OpLtI
		if op == ast.OpLe {
			opc = bc.OpLeI
		}
	} else if im, fl, ok := isSCnumber(e1); ok {
		r1 = fs.exp2anyreg(e2)
		r2, isFloat = im, fl
		opc = bc.OpGtI
		if op == ast.OpLe {
			opc = bc.OpGeI
		}
	} else {
		r1 = fs.exp2anyreg(e1)
		r2 = fs.exp2anyreg(e2)
		opc = bc.OpLt
		if op == ast.OpLe {
			opc = bc.OpLe
		}
	}
	fs.freeExps(e1, e2)
	c := 0
	if isFloat {
		c = 1
	}
	e1.info = fs.condJump(opc, r1, r2, c, true)
	e1.k = eJmp
}

// codeEq compiles == and ~=.
func (fs *funcState) codeEq(op ast.BinaryOp, e1, e2 *expDesc) {
	if e1.k != eNonReloc {
		e1, e2 = swapExps(e1, e2)
	}
	r1 := fs.exp2anyreg(e1)
	var r2 int
	var opc bc.Opcode
	isFloat := false
	if im, fl, ok := isSCnumber(e2); ok {
		opc = bc.OpEqI
		r2, isFloat = im, fl
	} else if fs.exp2RK(e2) {
		opc = bc.OpEqK
		r2 = e2.info
	} else {
		opc = bc.OpEq
		r2 = fs.exp2anyreg(e2)
	}
	fs.freeExps(e1, e2)
	c := 0
	if isFloat {
		c = 1
	}
	e1.info = fs.condJump(opc, r1, r2, c, op == ast.OpEq)
	e1.k = eJmp
}

// codeConcat merges e1 .. e2 into one CONCAT when e2 is a concatenation.
func (fs *funcState) codeConcat(e1, e2 *expDesc, line int) {
	if ie2 := fs.previousInstruction(); ie2 != nil && ie2.Op() == bc.OpConcat {
		n := ie2.B()
		fs.freeExp(e2)
		*ie2 = ie2.SetA(e1.info).SetB(n + 1)
		return
	}
	fs.codeABC(bc.OpConcat, e1.info, 2, 0)
	fs.freeExp(e2)
	fs.fixLine(line)
}
