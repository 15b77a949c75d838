package gogen

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	bc "panto/bytecode"
)

// Typed copies of numeric loops.
//
// A loop whose body is only arithmetic, comparisons, moves, loads and
// inner numeric for loops gets a second, typed copy, written after the
// function's generic code: there, each register that holds an integer or
// a float lives in a Go local (rNi, rNf), so the loop runs on plain
// int64 and float64 values without reading or writing tags. Which type a
// register has at each instruction is proved by a forward dataflow over
// the loop from the types it has at the loop's head; those are guessed
// at generation time (typed below) and checked at run time: the generic
// code tests the registers' tags at the head, every time it gets there,
// and jumps into the typed copy when they match.
//
// The typed copy leaves to the generic code, writing its locals back to
// the registers first, wherever something could observe them or
// anything other than numbers is at stake: at every exit from the loop,
// on a division by zero or a zero step (the generic instruction raises
// the error), and when a backward jump's tick expires (the interruption
// check, hooks, budgets run on the registers as the generic code left
// them). A loop whose body holds any other instruction (a call, a table
// access, a concatenation...) gets no typed copy. Ticks are counted on
// the same jumps as in the generic code.

// vt is what the generator knows of a register's value at an
// instruction: in a typed copy, whether it lives in an integer local, a
// float local, or in the register itself (unk).
type vt uint8

const (
	vtTop   vt = iota // not reached (yet)
	vtInt             // an integer
	vtFloat           // a float
	vtUnk             // anything: in the register
)

func meet(a, b vt) vt {
	switch {
	case a == vtTop:
		return b
	case b == vtTop || a == b:
		return a
	}
	return vtUnk
}

type state []vt

func (s state) clone() state { return append(state(nil), s...) }

func (s state) typed(r int) bool { return s[r] == vtInt || s[r] == vtFloat }

// meetInto lowers dst by src and reports whether dst changed.
func meetInto(dst, src state) bool {
	changed := false
	for r := range dst {
		if m := meet(dst[r], src[r]); m != dst[r] {
			dst[r] = m
			changed = true
		}
	}
	return changed
}

// typedLoop is a loop [head, end] given a typed copy.
type typedLoop struct {
	id        int
	head, end int
	t0        state   // the types checked at the head
	in        []state // the state at each instruction of the loop (nil: not reached)
	sure      bool    // every type of t0 came from the code, none by default
	skipHead  bool    // the typed copy leaves to the head's generic instruction
	lg        []vt    // the guessed types of loaded values, by pc (loadGuesses)
	exits     []int   // what its function returns to go on in the generic code (exitCase)
	inner     bool    // it has loops inside
	big       bool    // its function is large for Go's inliner (typedCopies)
}

// succs are the instructions that may run after instruction pc (a test
// goes on at pc+2 or at its jump's target, never at the jump itself).
func succs(p *bc.Proto, pc int) []int {
	i := p.Code[pc]
	switch i.Op() {
	case bc.OpJmp:
		return []int{pc + 1 + i.SJ()}
	case bc.OpEq, bc.OpLt, bc.OpLe, bc.OpEqK, bc.OpEqI, bc.OpLtI, bc.OpLeI, bc.OpGtI, bc.OpGeI, bc.OpTest, bc.OpTestSet:
		return []int{pc + 2, pc + 2 + p.Code[pc+1].SJ()}
	case bc.OpForPrep:
		return []int{pc + 1, pc + i.Bx() + 2}
	case bc.OpForLoop, bc.OpTForLoop:
		return []int{pc + 1 - i.Bx(), pc + 1}
	case bc.OpTForPrep:
		return []int{pc + 1 + i.Bx()}
	case bc.OpLoadKX, bc.OpLFalseSkip:
		return []int{pc + 2}
	case bc.OpNewTable:
		return []int{pc + 2}
	case bc.OpSetList:
		if i.K() {
			return []int{pc + 2}
		}
	case bc.OpReturn, bc.OpReturn0, bc.OpReturn1, bc.OpTailCall, bc.OpExtraArg:
		return nil
	}
	return []int{pc + 1}
}

// arithType is the type of an arithmetic result from operands of types
// x and y (vtUnk when either is not known to be a number).
func arithType(op bc.Opcode, x, y vt) vt {
	if x != vtInt && x != vtFloat || y != vtInt && y != vtFloat {
		return vtUnk
	}
	switch op {
	case bc.OpDiv, bc.OpDivK, bc.OpPow, bc.OpPowK:
		return vtFloat
	case bc.OpBand, bc.OpBor, bc.OpBxor, bc.OpShl, bc.OpShr, bc.OpBandK, bc.OpBorK, bc.OpBxorK, bc.OpShrI, bc.OpShlI, bc.OpBnot:
		if x == vtInt && y == vtInt {
			return vtInt
		}
		return vtUnk
	}
	if x == vtInt && y == vtInt {
		return vtInt
	}
	return vtFloat
}

func constType(k bc.Constant) vt {
	switch k.Kind {
	case bc.ConstInt:
		return vtInt
	case bc.ConstFloat:
		return vtFloat
	}
	return vtUnk
}

// operandTypes returns the types of an arithmetic instruction's two
// operands in s (the constant's or immediate's for the K and I forms);
// ok is false for an instruction that is not arithmetic.
func operandTypes(p *bc.Proto, i bc.Instruction, s state) (x, y vt, ok bool) {
	switch i.Op() {
	case bc.OpAdd, bc.OpSub, bc.OpMul, bc.OpMod, bc.OpPow, bc.OpDiv, bc.OpIDiv, bc.OpBand, bc.OpBor, bc.OpBxor, bc.OpShl, bc.OpShr:
		return s[i.B()], s[i.C()], true
	case bc.OpAddK, bc.OpSubK, bc.OpMulK, bc.OpModK, bc.OpPowK, bc.OpDivK, bc.OpIDivK, bc.OpBandK, bc.OpBorK, bc.OpBxorK:
		return s[i.B()], constType(p.Constants[i.C()]), true
	case bc.OpAddI, bc.OpShrI, bc.OpShlI:
		return s[i.B()], vtInt, true
	case bc.OpUnm, bc.OpBnot:
		return s[i.B()], vtInt, true
	}
	return 0, 0, false
}

// guessStep is the generation-time guess of the types after instruction
// pc: arithmetic is assumed to see numbers (a guess the run-time check at
// a loop's head confirms or refutes), anything else gives vtUnk.
func guessStep(p *bc.Proto, pc int, s state, lg []vt) state {
	i := p.Code[pc]
	a := i.A()
	o := s.clone()
	setFrom := func(from int) {
		for r := from; r < len(o); r++ {
			o[r] = vtUnk
		}
	}
	op := i.Op()
	if x, y, ok := operandTypes(p, i, s); ok {
		o[a] = guessArith(op, x, y)
		return o
	}
	switch op {
	case bc.OpMove:
		o[a] = s[i.B()]
	case bc.OpLoadI:
		o[a] = vtInt
	case bc.OpLoadF:
		o[a] = vtFloat
	case bc.OpLoadK:
		o[a] = constType(p.Constants[i.Bx()])
	case bc.OpLen:
		o[a] = vtInt
	case bc.OpLoadNil:
		for r := a; r <= a+i.B() && r < len(o); r++ {
			o[r] = vtUnk
		}
	case bc.OpForPrep:
		t := vtInt
		if s[a] == vtFloat || s[a+2] == vtFloat {
			t = vtFloat
		}
		for r := a; r <= a+3; r++ {
			o[r] = t
		}
	case bc.OpForLoop:
		o[a+3] = s[a]
	case bc.OpCall:
		setFrom(a)
		if lg != nil && i.C() == 2 {
			o[a] = lg[pc]
		}
	case bc.OpVararg:
		setFrom(a)
	case bc.OpGetTable, bc.OpGetI, bc.OpGetField, bc.OpGetTabUp, bc.OpGetUpval:
		o[a] = vtUnk
		if lg != nil {
			o[a] = lg[pc]
		}
	case bc.OpTForCall:
		setFrom(a + 4)
	case bc.OpTForLoop:
		o[a+2] = vtUnk
	case bc.OpSelf:
		o[a], o[a+1] = vtUnk, vtUnk
	case bc.OpJmp, bc.OpEq, bc.OpLt, bc.OpLe, bc.OpEqK, bc.OpEqI, bc.OpLtI, bc.OpLeI, bc.OpGtI, bc.OpGeI, bc.OpTest,
		bc.OpSetTabUp, bc.OpSetTable, bc.OpSetI, bc.OpSetField, bc.OpSetUpval, bc.OpSetList, bc.OpTForPrep,
		bc.OpClose, bc.OpTBC, bc.OpReturn, bc.OpReturn0, bc.OpReturn1, bc.OpTailCall, bc.OpExtraArg, bc.OpVarargPrep:
	default:
		o[a] = vtUnk
	}
	return o
}

// guessArith is the guessed type of an arithmetic result: a division or
// a power gives a float and a bitwise operation an integer whatever the
// numbers, a float operand makes a float, two integers an integer.
func guessArith(op bc.Opcode, x, y vt) vt {
	switch op {
	case bc.OpDiv, bc.OpDivK, bc.OpPow, bc.OpPowK:
		return vtFloat
	case bc.OpBand, bc.OpBor, bc.OpBxor, bc.OpShl, bc.OpShr, bc.OpBandK, bc.OpBorK, bc.OpBxorK, bc.OpShrI, bc.OpShlI, bc.OpBnot:
		return vtInt
	case bc.OpUnm:
		return x
	}
	switch {
	case x == vtFloat || y == vtFloat:
		return vtFloat
	case x == vtInt && y == vtInt:
		return vtInt
	}
	return vtUnk
}

// guessTypes runs guessStep over the whole function: the guessed state
// at each instruction's start.
func guessTypes(p *bc.Proto, lg []vt) []state {
	n := int(p.MaxStackSize)
	in := make([]state, len(p.Code))
	in[0] = make(state, n)
	for r := range in[0] {
		in[0][r] = vtUnk
	}
	work := []int{0}
	for len(work) > 0 {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		out := guessStep(p, pc, in[pc], lg)
		for _, s := range succs(p, pc) {
			if s < 0 || s >= len(p.Code) {
				continue
			}
			if in[s] == nil {
				in[s] = out.clone()
				work = append(work, s)
			} else if meetInto(in[s], out) {
				work = append(work, s)
			}
		}
	}
	return in
}

// numericReads are the registers instruction i reads as numbers in a
// typed copy, and moveSrc the register a MOVE copies (-1 otherwise).
func numericReads(i bc.Instruction) []int {
	a := i.A()
	switch i.Op() {
	case bc.OpAdd, bc.OpSub, bc.OpMul, bc.OpMod, bc.OpPow, bc.OpDiv, bc.OpIDiv, bc.OpBand, bc.OpBor, bc.OpBxor, bc.OpShl, bc.OpShr:
		return []int{i.B(), i.C()}
	case bc.OpAddK, bc.OpSubK, bc.OpMulK, bc.OpModK, bc.OpPowK, bc.OpDivK, bc.OpIDivK, bc.OpBandK, bc.OpBorK, bc.OpBxorK,
		bc.OpAddI, bc.OpShrI, bc.OpShlI, bc.OpUnm, bc.OpBnot:
		return []int{i.B()}
	case bc.OpEq, bc.OpLt, bc.OpLe:
		return []int{a, i.B()}
	case bc.OpEqK, bc.OpEqI, bc.OpLtI, bc.OpLeI, bc.OpGtI, bc.OpGeI:
		return []int{a}
	case bc.OpForPrep, bc.OpForLoop:
		return []int{a, a + 1, a + 2}
	}
	return nil
}

// reads are all the registers a typable instruction reads.
func reads(i bc.Instruction) []int {
	switch i.Op() {
	case bc.OpMove, bc.OpNot:
		return []int{i.B()}
	case bc.OpTest, bc.OpSetUpval:
		return []int{i.A()}
	case bc.OpGetTable:
		return []int{i.B(), i.C()}
	case bc.OpGetI, bc.OpGetField:
		return []int{i.B()}
	case bc.OpGetTabUp, bc.OpGetUpval:
		return nil
	case bc.OpSetTable, bc.OpSetI, bc.OpSetField:
		rs := []int{i.A()}
		if i.Op() == bc.OpSetTable {
			rs = append(rs, i.B())
		}
		if !i.K() {
			rs = append(rs, i.C())
		}
		return rs
	case bc.OpCall:
		var rs []int
		for r := i.A(); r < i.A()+i.B(); r++ {
			rs = append(rs, r)
		}
		return rs
	}
	return numericReads(i)
}

// writes are the registers a typable instruction writes.
func writes(i bc.Instruction) []int {
	a := i.A()
	switch i.Op() {
	case bc.OpJmp, bc.OpEq, bc.OpLt, bc.OpLe, bc.OpEqK, bc.OpEqI, bc.OpLtI, bc.OpLeI, bc.OpGtI, bc.OpGeI, bc.OpTest, bc.OpSetUpval,
		bc.OpSetTable, bc.OpSetI, bc.OpSetField:
		return nil
	case bc.OpCall:
		var w []int
		for r := a; r < a+i.C()-1; r++ {
			w = append(w, r)
		}
		return w
	case bc.OpLoadNil:
		var w []int
		for r := a; r <= a+i.B(); r++ {
			w = append(w, r)
		}
		return w
	case bc.OpForPrep:
		return []int{a + 1, a + 3}
	case bc.OpForLoop:
		return []int{a, a + 1, a + 3}
	}
	return []int{a}
}

// typedStep is the state after instruction pc in a typed copy, and ok
// false when the instruction cannot run there (an instruction the typed
// copy does not have, or operands not known to be numbers).
func typedStep(p *bc.Proto, pc int, s state, lg []vt) (state, bool) {
	i := p.Code[pc]
	a := i.A()
	o := s.clone()
	op := i.Op()
	if x, y, ok := operandTypes(p, i, s); ok {
		switch op {
		case bc.OpModK, bc.OpIDivK:
			if k := p.Constants[i.C()]; k.Kind == bc.ConstInt && k.Int == 0 && x == vtInt {
				return nil, false // always an error: the generic code raises it
			}
		}
		t := arithType(op, x, y)
		if op == bc.OpUnm {
			t = x
		}
		if t != vtInt && t != vtFloat {
			return nil, false
		}
		if k := kOperand(p, i); k != nil {
			if _, lit := numLit(*k); !lit {
				return nil, false
			}
		}
		o[a] = t
		return o, true
	}
	switch op {
	case bc.OpMove:
		o[a] = s[i.B()]
	case bc.OpLoadI:
		o[a] = vtInt
	case bc.OpLoadF:
		o[a] = vtFloat
	case bc.OpLoadK:
		o[a] = constType(p.Constants[i.Bx()])
		if o[a] != vtUnk {
			if _, lit := numLit(p.Constants[i.Bx()]); !lit {
				o[a] = vtUnk // written to the register
			}
		}
	case bc.OpLoadFalse, bc.OpLoadTrue, bc.OpLFalseSkip, bc.OpNot:
		o[a] = vtUnk
	case bc.OpGetUpval, bc.OpGetTabUp:
		o[a] = lg[pc]
	case bc.OpGetTable, bc.OpGetI, bc.OpGetField:
		if s.typed(i.B()) {
			return nil, false // indexing a number: always an error
		}
		o[a] = lg[pc]
	case bc.OpSetTable, bc.OpSetI, bc.OpSetField:
		if s.typed(a) {
			return nil, false
		}
	case bc.OpCall:
		if i.B() == 0 || i.C() == 0 || s.typed(a) {
			return nil, false // a variable number of values, or calling a number
		}
		for r := a; r < len(o); r++ {
			o[r] = vtUnk
		}
		if i.C() == 2 {
			o[a] = lg[pc]
		}
	case bc.OpLoadNil:
		for r := a; r <= a+i.B(); r++ {
			o[r] = vtUnk
		}
	case bc.OpSetUpval, bc.OpJmp, bc.OpTest, bc.OpReturn0, bc.OpReturn1:
	case bc.OpEq, bc.OpLt, bc.OpLe:
		if !s.typed(a) || !s.typed(i.B()) {
			return nil, false
		}
	case bc.OpEqK:
		if !s.typed(a) || constType(p.Constants[i.B()]) == vtUnk {
			return nil, false
		}
		if _, lit := numLit(p.Constants[i.B()]); !lit {
			return nil, false
		}
	case bc.OpEqI, bc.OpLtI, bc.OpLeI, bc.OpGtI, bc.OpGeI:
		if !s.typed(a) {
			return nil, false
		}
	case bc.OpForPrep:
		t := s[a]
		if t != vtInt && t != vtFloat || s[a+1] != t || s[a+2] != t {
			return nil, false
		}
		o[a+1], o[a+3] = t, t
	case bc.OpForLoop:
		t := s[a]
		if t != vtInt && t != vtFloat || s[a+1] != t || s[a+2] != t {
			return nil, false
		}
		o[a+3] = t
	default:
		return nil, false
	}
	return o, true
}

// kOperand is the constant operand of a K-form arithmetic instruction.
func kOperand(p *bc.Proto, i bc.Instruction) *bc.Constant {
	switch i.Op() {
	case bc.OpAddK, bc.OpSubK, bc.OpMulK, bc.OpModK, bc.OpPowK, bc.OpDivK, bc.OpIDivK, bc.OpBandK, bc.OpBorK, bc.OpBxorK:
		return &p.Constants[i.C()]
	}
	return nil
}

// numLit is the Go literal of a numeric constant; false for one no plain
// literal spells (infinities, NaNs, -0), which the typed copy leaves to
// the generic code.
func numLit(k bc.Constant) (string, bool) {
	switch k.Kind {
	case bc.ConstInt:
		return intK(k.Int), true
	case bc.ConstFloat:
		return floatK(k.Float)
	}
	return "", false
}

// findTypedLoops picks the loops of p that get a typed copy.
//
// skip holds heads of loops not to copy (large copies of outer loops, see
// gen.function), so that their inner loops are copied instead.
func findTypedLoops(p *bc.Proto, skip map[int]bool) []*typedLoop {
	if len(p.Code) == 0 || p.MaxStackSize == 0 {
		return nil
	}
	// Loops by head: the furthest backward jump to each.
	ends := map[int]int{}
	for pc, i := range p.Code {
		var target int
		switch i.Op() {
		case bc.OpForLoop:
			target = pc + 1 - i.Bx()
		case bc.OpJmp:
			target = pc + 1 + i.SJ()
			if target > pc {
				continue
			}
		default:
			continue
		}
		if e, ok := ends[target]; !ok || pc > e {
			ends[target] = pc
		}
	}
	if len(ends) == 0 {
		return leafRegion(p)
	}
	var heads []int
	for h := range ends {
		heads = append(heads, h)
	}
	// Outer loops first: by head, then the longer one.
	sort.Slice(heads, func(x, y int) bool {
		hx, hy := heads[x], heads[y]
		if hx != hy {
			return hx < hy
		}
		return ends[hx] > ends[hy]
	})
	lg, guess := loadGuesses(p)
	var chosen []*typedLoop
	for _, h := range heads {
		e := ends[h]
		// Inner loops get copies of their own even inside a copied
		// loop: the generic code enters them again after the outer
		// copy has returned (a tick, an early exit) without waiting
		// for the outer loop's head.
		if guess[h] == nil || skip[h] {
			continue
		}
		if e-h > maxTypedLoop {
			continue
		}
		if l := typeLoop(p, h, e, guess[h], lg); l != nil {
			for _, h2 := range heads {
				l.inner = l.inner || h2 > h && h2 <= e
			}
			l.id = len(chosen)
			chosen = append(chosen, l)
		}
	}
	return chosen
}

// typeLoop proves the types of loop [h, e] from the guess at its head,
// or returns nil when the loop cannot have a typed copy.
func typeLoop(p *bc.Proto, h, e int, guess state, lg []vt) *typedLoop {
	n := int(p.MaxStackSize)
	inLoop := func(pc int) bool { return pc >= h && pc <= e }
	// Registers read before written in the loop (liveness restricted
	// to it), and those read as numbers, through moves.
	live := make([]map[int]bool, e-h+1)
	for changed := true; changed; {
		changed = false
		for pc := e; pc >= h; pc-- {
			i := p.Code[pc]
			m := map[int]bool{}
			for _, s := range succs(p, pc) {
				if inLoop(s) && live[s-h] != nil {
					for r := range live[s-h] {
						m[r] = true
					}
				}
			}
			for _, r := range writes(i) {
				delete(m, r)
			}
			for _, r := range reads(i) {
				m[r] = true
			}
			if len(m) != len(live[pc-h]) || live[pc-h] == nil {
				live[pc-h] = m
				changed = true
			}
		}
	}
	numeric := map[int]bool{}
	for pc := h; pc <= e; pc++ {
		for _, r := range numericReads(p.Code[pc]) {
			numeric[r] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for pc := h; pc <= e; pc++ {
			if i := p.Code[pc]; i.Op() == bc.OpMove && numeric[i.A()] && !numeric[i.B()] {
				numeric[i.B()] = true
				changed = true
			}
		}
	}
	t0 := make(state, n)
	sure := true
	for r := range t0 {
		t0[r] = vtUnk
		if !live[0][r] {
			continue
		}
		switch {
		case guess[r] == vtInt || guess[r] == vtFloat:
			t0[r] = guess[r]
		case numeric[r]:
			// Read as a number in the loop, by what its uses say
			// (a register reused for a function is not).
			if u := useType(p, h, r, nil); u != vtUnk {
				t0[r] = u
				sure = false
			}
		}
	}
	for attempt := 0; attempt < 4; attempt++ {
		in, mismatch, ok := typedFlow(p, h, e, t0, lg)
		if !ok {
			return nil
		}
		if len(mismatch) == 0 {
			any := false
			for r := range t0 {
				any = any || t0.typed(r)
			}
			if !any || !worthTyping(p, h, e, in) {
				return nil
			}
			return &typedLoop{head: h, end: e, t0: t0, in: in, sure: sure, lg: lg}
		}
		// A register that comes back to the head with another type
		// (s = 0 before a loop adding floats to it) is checked for
		// that type.
		for r, t := range mismatch {
			t0[r] = t
			sure = false
		}
	}
	return nil
}

// typedFlow computes the states of the typed copy of loop [h, e] entered
// with t0. ok is false when a reached instruction cannot run typed;
// mismatch holds the registers that come back to the head with another
// type than t0's (their back-edge type, vtUnk when unknown).
func typedFlow(p *bc.Proto, h, e int, t0 state, lg []vt) ([]state, map[int]vt, bool) {
	in := make([]state, e-h+1)
	in[0] = t0.clone()
	mismatch := map[int]vt{}
	work := []int{h}
	for len(work) > 0 {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		out, ok := typedStep(p, pc, in[pc-h], lg)
		if !ok {
			return nil, nil, false
		}
		for _, s := range succs(p, pc) {
			if s < h || s > e {
				continue
			}
			if s == h {
				for r := range t0 {
					if t0.typed(r) && out[r] != t0[r] {
						mismatch[r] = out[r]
					}
				}
				continue
			}
			if in[s-h] == nil {
				in[s-h] = out.clone()
				work = append(work, s)
			} else if meetInto(in[s-h], out) {
				work = append(work, s)
			}
		}
	}
	// A register that comes back as anything else (a table read left in
	// its register) is not checked at the head.
	return in, mismatch, true
}

// typedEmitter writes the typed copy of one loop.
type typedEmitter struct {
	g      *gen
	p      *bc.Proto
	l      *typedLoop
	locals map[string]bool
	// The exits to the generic code, shared by the places that leave with
	// the same locals to write back: their labels by key, and their code.
	stubs    map[string]string
	stubCode bytes.Buffer
	pinned   state // the type of each register at every instruction (writer), or vtUnk
	exits    map[int]bool
	fn       int             // the prototype's number
	hints    map[string]bool // package variables of runtime.Hint (FieldSlot)
}

// skipCode marks, in what a typed copy's function returns, the loop's
// head to be entered past its entry check (pcNx).
const skipCode = 1 << 24

// exit goes to a shared block that writes the locals of s back (counting
// an early exit when counted) and ends with tail, which returns; code is
// the pc (or pc+skipCode) the generic code goes on at, or -1 when tail
// returns something else too (Jump's code).
func (t *typedEmitter) exit(s state, counted bool, tail string, code int) {
	var key strings.Builder
	for r, v := range s {
		if s.typed(r) {
			fmt.Fprintf(&key, "%d:%d,", r, v)
		}
	}
	fmt.Fprintf(&key, "|%v|%s", counted, tail)
	label, ok := t.stubs[key.String()]
	if !ok {
		label = fmt.Sprintf("x%d_%d", t.l.id, len(t.stubs))
		t.stubs[key.String()] = label
		saved := t.g.b
		t.g.b = bytes.Buffer{}
		t.printf("%s:\n", label)
		t.writeBack(s)
		if counted {
			t.printf("*tb++\n")
		}
		t.printf("%s", tail)
		t.stubCode.Write(t.g.b.Bytes())
		t.g.b = saved
	}
	if code >= 0 {
		t.exits[code] = true
	}
	t.printf("goto %s\n", label)
}

// exitTo is exit to the generic code of instruction pc (or pc+skipCode).
func (t *typedEmitter) exitTo(s state, counted bool, code int) {
	t.exit(s, counted, fmt.Sprintf("return %d\n", code), code)
}

func (t *typedEmitter) local(r int, v vt) string {
	name := fmt.Sprintf("r%di", r)
	if v == vtFloat {
		name = fmt.Sprintf("r%df", r)
	}
	t.locals[name] = true
	return name
}

// num is register r as a Go operand of type want (vtFloat converts an
// integer).
func (t *typedEmitter) num(s state, r int, want vt) string {
	name := t.local(r, s[r])
	if want == vtFloat && s[r] == vtInt {
		return "float64(" + name + ")"
	}
	return name
}

func (t *typedEmitter) printf(format string, args ...any) { t.g.printf(format, args...) }

// writeBack stores every local of state s in its register. A register
// of one type at every instruction of the loop (pinned) holds a number
// of that type in its slot all along: the entry check tested its tag,
// and nothing in the copy writes its slot but these stores (an
// instruction that wrote another value there would leave it of another
// type after, and a callee's debug.setlocal is caught by the
// LocalWrites test after the call, which leaves when a tag changed). Its
// store is only the number word (PinInt, PinFloat), as in a loop that
// calls a function: filter's `p(v)` in closures writes its four loop
// registers and its count back before every call.
func (t *typedEmitter) writeBack(s state) {
	for r := range s {
		switch s[r] {
		case vtInt:
			t.printf("f.%s(%d, %s)\n", t.writer(r, vtInt, "SetInt", "PinInt"), r, t.local(r, vtInt))
		case vtFloat:
			t.printf("f.%s(%d, %s)\n", t.writer(r, vtFloat, "SetFloat", "PinFloat"), r, t.local(r, vtFloat))
		}
	}
}

// writer names the method that writes register r of type v back: put
// when r is pinned to v (see writeBack), else set.
func (t *typedEmitter) writer(r int, v vt, set, put string) string {
	if t.pinned == nil {
		t.pinned = t.l.in[0].clone()
		for _, st := range t.l.in {
			for q := range st {
				if st != nil && st[q] != t.pinned[q] {
					t.pinned[q] = vtUnk
				}
			}
		}
	}
	if t.pinned[r] == v {
		return put
	}
	return set
}

// leave goes to the generic code of instruction pc with state s written
// back (pc's instruction runs there from the start).
func (t *typedEmitter) leave(s state, pc int) {
	t.leaveAt(s, pc, false)
}

// leaveAt is leave, counting an early exit when counted.
func (t *typedEmitter) leaveAt(s state, pc int, counted bool) {
	if pc == t.l.head {
		t.l.skipHead = true
		t.exitTo(s, counted, pc+skipCode)
		return
	}
	t.exitTo(s, counted, pc)
}

// edge goes from an instruction whose state after it is s to target.
func (t *typedEmitter) edge(s state, target int) {
	l := t.l
	if target < l.head || target > l.end || l.in[target-l.head] == nil {
		t.exitTo(s, false, target)
		return
	}
	to := l.in[target-l.head]
	for r := range s {
		if s.typed(r) && to[r] != s[r] {
			t.writeBack(onlyReg(s, r))
		}
	}
	t.printf("goto t%d_%d\n", l.id, target)
}

func onlyReg(s state, r int) state {
	o := make(state, len(s))
	o[r] = s[r]
	return o
}

// jump is edge for a jump from instruction at, with the generic code's
// tick on backward jumps: when it expires the locals are written back
// and the interruption check runs as in the generic code.
func (t *typedEmitter) jump(s state, at, target int, tick bool) {
	if tick {
		t.tick(s, at, target)
	}
	t.edge(s, target)
}

// tick counts a backward jump's tick from at to target; when it expires
// the locals are written back and the generic code's interruption check
// runs (Frame.Jump), whose result the function returns.
func (t *typedEmitter) tick(s state, at, target int) {
	t.printf("if f.Tick() {\n")
	t.exit(s, false, fmt.Sprintf("return f.Jump(%d, %d)\n", at, target), target)
	t.printf("}\n")
}

// entryCheck writes, at the generic head of the loop, the test of the
// registers' tags that calls the typed copy's function, and the switch
// on where it returns.
func (t *typedEmitter) entryCheck(fname string) {
	l := t.l
	var conds []string
	for r, v := range l.t0 {
		switch v {
		case vtInt:
			conds = append(conds, fmt.Sprintf("f.R(%d).IsInt()", r))
		case vtFloat:
			conds = append(conds, fmt.Sprintf("f.R(%d).IsFloat()", r))
		}
	}
	conds = append(conds, fmt.Sprintf("tbail < %d", maxBails))
	t.printf("if %s { // the typed copy of the loop at %d-%d\nswitch n := %s(&f, &tbail); n {\n", strings.Join(conds, " && "), l.head, l.end, fname)
	for _, c := range l.exits {
		if c >= skipCode {
			t.printf("case %d:\ngoto pc%dx\n", c, c-skipCode)
		} else {
			t.printf("case %d:\ngoto pc%d\n", c, c)
		}
	}
	t.printf("default:\nreturn f.Exit(n)\n}\n}\n")
}

// copyLoop writes the typed copy of the loop.
func (t *typedEmitter) copyLoop() {
	l := t.l
	for pc := l.head; pc <= l.end; pc++ {
		s := l.in[pc-l.head]
		if s == nil {
			continue
		}
		t.printf("t%d_%d: // line %d: %s (typed)\n", l.id, pc, t.p.Line(pc), oneLine(bc.InstructionString(t.p, pc)))
		t.instruction(pc, s)
	}
}

var goArith = map[bc.Opcode]string{
	bc.OpAdd: "+", bc.OpSub: "-", bc.OpMul: "*", bc.OpDiv: "/",
	bc.OpAddK: "+", bc.OpSubK: "-", bc.OpMulK: "*", bc.OpDivK: "/", bc.OpAddI: "+",
	bc.OpBand: "&", bc.OpBor: "|", bc.OpBxor: "^",
	bc.OpBandK: "&", bc.OpBorK: "|", bc.OpBxorK: "^",
}

// instruction writes the typed code of instruction pc, entered with s.
func (t *typedEmitter) instruction(pc int, s state) {
	p := t.p
	i := p.Code[pc]
	a := i.A()
	op := i.Op()
	o, _ := typedStep(p, pc, s, t.l.lg)
	if _, _, ok := operandTypes(p, i, s); ok {
		t.arith(pc, i, s, o)
		t.edge(o, pc+1)
		return
	}
	switch op {
	case bc.OpMove:
		if s.typed(i.B()) {
			t.printf("%s = %s\n", t.local(a, o[a]), t.local(i.B(), s[i.B()]))
		} else {
			t.printf("*f.R(%d) = *f.R(%d)\n", a, i.B())
		}
	case bc.OpLoadI:
		t.printf("%s = %s\n", t.local(a, vtInt), intK(int64(i.SBx())))
	case bc.OpLoadF:
		t.printf("%s = %d\n", t.local(a, vtFloat), i.SBx())
	case bc.OpLoadK:
		if o[a] == vtUnk {
			t.printf("*f.R(%d) = *f.K(%d)\n", a, i.Bx())
		} else {
			lit, _ := numLit(p.Constants[i.Bx()])
			t.printf("%s = %s\n", t.local(a, o[a]), lit)
		}
	case bc.OpLoadFalse:
		t.printf("*f.R(%d) = rt.False\n", a)
	case bc.OpLoadTrue:
		t.printf("*f.R(%d) = rt.True\n", a)
	case bc.OpLFalseSkip:
		t.printf("*f.R(%d) = rt.False\n", a)
		t.edge(o, pc+2)
		return
	case bc.OpLoadNil:
		for r := a; r <= a+i.B(); r++ {
			t.printf("*f.R(%d) = rt.Nil\n", r)
		}
	case bc.OpGetUpval, bc.OpGetTabUp, bc.OpGetField, bc.OpGetI, bc.OpGetTable, bc.OpSetTable, bc.OpSetI, bc.OpSetField:
		if !t.tableOp(pc, i, s, o) {
			return
		}
	case bc.OpCall:
		t.call(pc, i, s, o)
	case bc.OpSetUpval:
		switch s[a] {
		case vtInt:
			t.printf("*f.Up(%d) = rt.Int(%s)\n", i.B(), t.local(a, vtInt))
		case vtFloat:
			t.printf("*f.Up(%d) = rt.Float(%s)\n", i.B(), t.local(a, vtFloat))
		default:
			t.printf("*f.Up(%d) = *f.R(%d)\n", i.B(), a)
		}
	case bc.OpNot:
		if s.typed(i.B()) {
			t.printf("*f.R(%d) = rt.False\n", a)
		} else {
			t.printf("*f.R(%d) = rt.Bool(!f.R(%d).Truthy())\n", a, i.B())
		}
	case bc.OpJmp:
		target := pc + 1 + i.SJ()
		t.jump(o, pc, target, i.SJ() < 0)
		return
	case bc.OpEq, bc.OpLt, bc.OpLe, bc.OpEqK, bc.OpEqI, bc.OpLtI, bc.OpLeI, bc.OpGtI, bc.OpGeI:
		t.testJump(pc, t.compare(i, s), i.K(), o)
		return
	case bc.OpTest:
		// A number is true; both ways are written all the same, since
		// the dataflow reached both.
		cond := "true"
		if !s.typed(a) {
			cond = fmt.Sprintf("f.R(%d).Truthy()", a)
		}
		t.testJump(pc, cond, i.K(), o)
		return
	case bc.OpForPrep:
		t.forPrep(pc, i, s, o)
		return
	case bc.OpForLoop:
		t.forLoop(pc, i, s, o)
		return
	case bc.OpReturn1:
		if s.typed(a) {
			t.writeBack(onlyReg(s, a))
		}
		// As the generic code's RETURN1 (gen.go).
		t.printf("if n := f.ReturnOne(%d); n != 0 {\nreturn n\n}\nreturn f.Return1(%d)\n", a, a)
		return
	case bc.OpReturn0:
		t.printf("return f.Return0()\n")
		return
	}
	t.edge(o, pc+1)
}

// testJump is gen.testJump in the typed copy.
func (t *typedEmitter) testJump(pc int, cond string, k bool, o state) {
	j := t.p.Code[pc+1]
	target := pc + 2 + j.SJ()
	if k {
		t.printf("if %s {\n", cond)
	} else {
		t.printf("if !(%s) {\n", cond)
	}
	t.jump(o, pc+1, target, j.SJ()+1 <= 0)
	t.printf("}\n")
	t.edge(o, pc+2)
}

// compare is the Go condition of a comparison of typed operands.
func (t *typedEmitter) compare(i bc.Instruction, s state) string {
	a := i.A()
	var x, y string
	var tx, ty vt
	op := "=="
	tx = s[a]
	x = t.local(a, tx)
	switch i.Op() {
	case bc.OpEq, bc.OpLt, bc.OpLe:
		ty = s[i.B()]
		y = t.local(i.B(), ty)
		op = map[bc.Opcode]string{bc.OpEq: "==", bc.OpLt: "<", bc.OpLe: "<="}[i.Op()]
	case bc.OpEqK:
		k := t.p.Constants[i.B()]
		ty = constType(k)
		y, _ = numLit(k)
	default: // an immediate: small, so exact as a float too
		ty = tx
		y = intK(int64(i.SB()))
		if tx == vtFloat {
			y = "float64" + y
		}
		op = arithOps[i.Op()]
		if i.Op() == bc.OpEqI {
			op = "=="
		}
	}
	if tx == ty {
		return x + " " + op + " " + y
	}
	// Mixed integer and float: Lua compares the exact values.
	switch op {
	case "==":
		if tx == vtInt {
			return fmt.Sprintf("rt.EqIntFloat(%s, %s)", x, y)
		}
		return fmt.Sprintf("rt.EqIntFloat(%s, %s)", y, x)
	case "<":
		if tx == vtInt {
			return fmt.Sprintf("rt.LtIntFloat(%s, %s)", x, y)
		}
		return fmt.Sprintf("rt.LtFloatInt(%s, %s)", x, y)
	case "<=":
		if tx == vtInt {
			return fmt.Sprintf("rt.LeIntFloat(%s, %s)", x, y)
		}
		return fmt.Sprintf("rt.LeFloatInt(%s, %s)", x, y)
	case ">":
		if tx == vtInt {
			return fmt.Sprintf("rt.LtFloatInt(%s, %s)", y, x)
		}
		return fmt.Sprintf("rt.LtIntFloat(%s, %s)", y, x)
	default: // ">="
		if tx == vtInt {
			return fmt.Sprintf("rt.LeFloatInt(%s, %s)", y, x)
		}
		return fmt.Sprintf("rt.LeIntFloat(%s, %s)", y, x)
	}
}

// arith writes an arithmetic instruction on typed operands.
func (t *typedEmitter) arith(pc int, i bc.Instruction, s, o state) {
	p := t.p
	a := i.A()
	op := i.Op()
	res := o[a]
	dst := t.local(a, res)
	// The operands as Go expressions of the result's type (floats for a
	// mixed operation; integers for the bitwise ones).
	want := res
	if op == bc.OpDiv || op == bc.OpDivK || op == bc.OpPow || op == bc.OpPowK {
		want = vtFloat
	}
	bx := t.num(s, i.B(), want)
	var cy string
	switch op {
	case bc.OpAdd, bc.OpSub, bc.OpMul, bc.OpMod, bc.OpPow, bc.OpDiv, bc.OpIDiv, bc.OpBand, bc.OpBor, bc.OpBxor, bc.OpShl, bc.OpShr:
		cy = t.num(s, i.C(), want)
	case bc.OpAddI, bc.OpShrI, bc.OpShlI:
		cy = intK(int64(i.SC()))
		if want == vtFloat {
			cy = "float64" + cy
		}
	case bc.OpUnm, bc.OpBnot:
	default:
		k := p.Constants[i.C()]
		cy, _ = numLit(k)
		if want == vtFloat && k.Kind == bc.ConstInt {
			cy = "float64" + cy
		}
	}
	switch op {
	case bc.OpMul, bc.OpDiv, bc.OpMulK, bc.OpDivK:
		if want != vtFloat {
			t.printf("%s = %s %s %s\n", dst, bx, goArith[op], cy)
			break
		}
		var m bool
		if op == bc.OpMulK || op == bc.OpDivK {
			m = isMinusOne(p.Constants[i.C()])
		} else {
			m = t.g.minusOne[i.B()] || t.g.minusOne[i.C()]
		}
		t.printf("%s = %s\n", dst, floatOp(goArith[op], bx, cy, m))
	case bc.OpAdd, bc.OpSub, bc.OpAddK, bc.OpSubK, bc.OpAddI,
		bc.OpBand, bc.OpBor, bc.OpBxor, bc.OpBandK, bc.OpBorK, bc.OpBxorK:
		t.printf("%s = %s %s %s\n", dst, bx, goArith[op], cy)
	case bc.OpPow, bc.OpPowK:
		t.printf("%s = rt.FPow(%s, %s)\n", dst, bx, cy)
	case bc.OpMod, bc.OpModK, bc.OpIDiv, bc.OpIDivK:
		mod := op == bc.OpMod || op == bc.OpModK
		if res == vtInt {
			if op == bc.OpMod || op == bc.OpIDiv {
				t.printf("if %s == 0 {\n", cy)
				t.leave(s, pc)
				t.printf("}\n")
			}
			if op == bc.OpModK && p.Constants[i.C()].Kind == bc.ConstInt && p.Constants[i.C()].Int != 0 {
				t.printf("%s", modK(dst, bx, p.Constants[i.C()].Int, false))
			} else if mod {
				t.printf("%s = rt.IMod(%s, %s)\n", dst, bx, cy)
			} else {
				t.printf("%s = rt.IDiv(%s, %s)\n", dst, bx, cy)
			}
		} else if mod {
			t.printf("%s = rt.FMod(%s, %s)\n", dst, bx, cy)
		} else {
			t.printf("%s = rt.FIDiv(%s, %s)\n", dst, bx, cy)
		}
	case bc.OpShl:
		t.printf("%s = rt.ShiftLeft(%s, %s)\n", dst, bx, cy)
	case bc.OpShr:
		t.printf("%s = rt.ShiftLeft(%s, -%s)\n", dst, bx, cy)
	case bc.OpShrI:
		t.printf("%s = rt.ShiftLeft(%s, %s)\n", dst, bx, intK(-int64(i.SC())))
	case bc.OpShlI:
		t.printf("%s = rt.ShiftLeft(%s, %s)\n", dst, intK(int64(i.SC())), bx)
	case bc.OpUnm:
		t.printf("%s = -%s\n", dst, bx)
	case bc.OpBnot:
		t.printf("%s = ^%s\n", dst, bx)
	}
}

// forPrep writes a FORPREP inside the typed copy (its three operands of
// one type, checked by typedStep); a zero step leaves to the generic code,
// which raises the error.
func (t *typedEmitter) forPrep(pc int, i bc.Instruction, s, o state) {
	a := i.A()
	skip := pc + i.Bx() + 2
	v := s[a]
	init, lim, st := t.local(a, v), t.local(a+1, v), t.local(a+2, v)
	t.printf("if %s == 0 {\n", st)
	t.leave(s, pc)
	t.printf("}\n")
	if v == vtInt {
		t.printf("if %s > 0 && %s > %s || %s < 0 && %s < %s {\n", st, init, lim, st, init, lim)
		t.edge(s, skip)
		t.printf("}\n%s = rt.ForCount(%s, %s, %s)\n%s = %s\n", lim, init, lim, st, t.local(a+3, v), init)
	} else {
		t.printf("if %s > 0 && !(%s <= %s) || %s < 0 && !(%s <= %s) {\n", st, init, lim, st, lim, init)
		t.edge(s, skip)
		t.printf("}\n%s = %s\n", t.local(a+3, v), init)
	}
	t.edge(o, pc+1)
}

// forLoop writes a FORLOOP inside the typed copy.
func (t *typedEmitter) forLoop(pc int, i bc.Instruction, s, o state) {
	a := i.A()
	target := pc + 1 - i.Bx()
	v := s[a]
	idx, c, st, ctl := t.local(a, v), t.local(a+1, v), t.local(a+2, v), t.local(a+3, v)
	if v == vtInt {
		t.printf("if %s != 0 {\n%s--\n%s += %s\n%s = %s\n", c, c, idx, st, ctl, idx)
	} else {
		t.printf("if x := %s + %s; %s > 0 && x <= %s || %s <= 0 && %s <= x {\n%s = x\n%s = x\n", idx, st, st, c, st, c, idx, ctl)
	}
	t.jump(o, pc, target, true)
	t.printf("}\n")
	t.tick(o, pc, pc+1)
	t.edge(o, pc+1)
}

// typedCopies writes the typed copies of the loops, each a function of
// its own (so the generic function keeps its size, and Go's inlining in
// it), into a buffer and returns it, with the locals the generic
// function needs.
func (g *gen) typedCopies(n int, p *bc.Proto, loops []*typedLoop) (string, []string) {
	if len(loops) == 0 {
		return "", nil
	}
	saved, big := g.b, g.big
	g.b, g.big = bytes.Buffer{}, false
	hints := map[string]bool{}
	for _, l := range loops {
		l.exits, l.skipHead = nil, false
		fn := g.b.Len()
		t := &typedEmitter{g: g, p: p, l: l, locals: map[string]bool{}, stubs: map[string]string{}, exits: map[int]bool{}, fn: n, hints: hints}
		body := g.b.Len()
		var loads []string
		for r, v := range l.t0 {
			switch v {
			case vtInt:
				loads = append(loads, fmt.Sprintf("%s = f.R(%d).AsInt()\n", t.local(r, v), r))
			case vtFloat:
				loads = append(loads, fmt.Sprintf("%s = f.R(%d).AsFloat()\n", t.local(r, v), r))
			}
		}
		g.printf("%sgoto t%d_%d\n", strings.Join(loads, ""), l.id, l.head)
		t.copyLoop()
		g.b.Write(t.stubCode.Bytes())
		code := string(g.b.Bytes()[body:])
		g.b.Truncate(body)
		g.printf("\n// %s is the typed copy of the loop at instructions %d-%d of %s (typed.go):\n", g.typedName(n, l), l.head, l.end, g.fname(n))
		g.printf("// it returns the pc the generic code goes on at, or a code to return.\n")
		g.printf("func %s(f *rt.Frame, tb *int64) int {\n", g.typedName(n, l))
		g.declareLocals(sortedKeys(t.locals))
		g.printf("%s}\n", code)
		for c := range t.exits {
			l.exits = append(l.exits, c)
		}
		sort.Ints(l.exits)
		if l.big = countTokens(g.b.Bytes()[fn:]) > bigFunctionTokens; l.big {
			large := largeForm.Replace(string(g.b.Bytes()[fn:]))
			g.b.Truncate(fn)
			g.b.WriteString(large)
		}
	}
	if len(hints) > 0 {
		g.printf("\n// Where the typed copies' field accesses found their keys last.\nvar (\n")
		for _, h := range sortedKeys(hints) {
			g.printf("%s rt.Hint\n", h)
		}
		g.printf(")\n")
	}
	out := g.b.String()
	g.b, g.big = saved, big
	return out, []string{"tbail"}
}

func (g *gen) typedName(n int, l *typedLoop) string { return fmt.Sprintf("%sT%d", g.fname(n), l.id) }

// typedEntry writes the entry check of loop l at its generic head.
func (g *gen) typedEntry(n int, p *bc.Proto, l *typedLoop) {
	t := &typedEmitter{g: g, p: p, l: l, locals: map[string]bool{}}
	t.entryCheck(g.typedName(n, l))
	if l.skipHead {
		g.printf("pc%dx:\n", l.head)
	}
}

func sortedKeys(m map[string]bool) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// declareLocals declares the typed copies' locals at the start of the
// function, before any goto (Go's rule: no jump over a declaration).
func (g *gen) declareLocals(names []string) {
	if len(names) == 0 {
		return
	}
	g.printf("// Registers held as integers (i) and floats (f); early exits from the typed copies (tbail).\nvar (\n")
	for _, n := range names {
		typ := "int64"
		if strings.HasSuffix(n, "f") {
			typ = "float64"
		}
		g.printf("%s %s\n", n, typ)
	}
	g.printf(")\n")
	for _, n := range names {
		g.printf("_ = %s\n", n)
	}
}
