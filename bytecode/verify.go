package bytecode

import (
	"fmt"
	"sync"
)

// Verify checks that the VM can run p (and its nested prototypes) without
// ever stepping outside its frame, its constants, its upvalues or its
// code, whatever the instructions are. The VM reads operands without
// checking them, for speed; this is the one place that makes that safe
// for bytecode that did not come from our compiler.
//
// What is checked, besides every operand being in range:
//   - registers: every register an instruction reads or writes, including
//     the implicit ones (ra+1 of SELF, ra..ra+3 of the loops, the iterator
//     call's ra+4..ra+6 and its results, argument and result lists), is
//     below MaxStackSize, and NumParams fits in the frame;
//   - constants: the keys of GETTABUP, GETFIELD, SETTABUP, SETFIELD and
//     SELF are strings (the VM hashes them as strings), the operands of
//     the bitwise K instructions integers and of the arithmetic ones
//     numbers;
//   - control flow: every successor of every instruction is inside the
//     code (nothing falls or skips off the end), tests are followed by the
//     JMP the VM executes in their place, LOADKX, NEWTABLE and SETLIST
//     with k by the EXTRAARG they consume, which nothing else reaches;
//     TFORPREP lands on TFORCALL, which is followed by TFORLOOP;
//   - numeric for loops: FORPREP skips to just past its FORLOOP, which
//     jumps back to just after it, both on the same registers. What the
//     body does to the control registers is not checked: the VM reads
//     them by their tags and writes whole values, since debug.setlocal
//     can put anything there anyway;
//   - allocation: the table size hints of NEWTABLE and the index SETLIST
//     stores from are no larger than the code can fill, so the tables a
//     chunk preallocates are proportional to its size;
//   - the stack top: an instruction that takes its operands up to the top
//     (B=0 of CALL, TAILCALL, RETURN, SETLIST) is reached only from a CALL
//     or VARARG with C=0 or a TAILCALL right before it, whose values start
//     above its own registers, and such a CALL or VARARG is always
//     followed by one, a TAILCALL by its RETURN (B=0);
//   - varargs: VARARGPREP opens every vararg function and nothing jumps
//     back to it, VARARG appears only in vararg functions, and their
//     returns undo the frame shift (C = NumParams+1);
//   - closing: a function with to-be-closed variables or captured
//     registers closes them on every return (k), as compiled code does,
//     and makes no tail call while a to-be-closed variable may be pending
//     (closeScopes);
//   - debug information: line info covers the code, and no more local
//     variables are active at once than the frame has registers (the
//     debug library maps the n-th active local to register n-1).
//
// Instructions are numbered from 1 in messages, as in luac listings.
func Verify(p *Proto) (err error) {
	v := &funcVerifier{sc: verifyScratchPool.Get().(*verifyScratch)}
	defer func() {
		if r := recover(); r != nil {
			fe, ok := r.(decodeFailure)
			if !ok {
				panic(r)
			}
			v.sc.release()
			err = &FormatError{Msg: string(fe)}
		}
	}()
	v.verifyProto(p, nil, 0)
	v.sc.release()
	return nil
}

// noQuick turns the quick check off, for the test that compares it with
// the switch.
var noQuick = false

// Per-instruction flags of the control-flow pass.
const (
	flagJumpedTo  = 1 << iota // some instruction jumps or skips here
	flagFallsInto             // the previous instruction may continue here
	flagExtra                 // an EXTRAARG consumed by the previous instruction
)

type funcVerifier struct {
	p        *Proto
	main     bool // p is the main function (for messages)
	pc       int  // instruction being checked, -1 outside the code
	maxStack int
	flags    []uint8
	// arrive lists, in code order, the instructions arrivals looks at:
	// the EXTRAARGs consumed, and those using the stack top.
	arrive []int32
	// stores and setlists count the instructions that fill tables, for
	// tableHints; -1 until needed.
	stores, setlists int
	sc               *verifyScratch
}

// verifyScratch holds the verifier's working lists. One serves every
// function of a Verify call, and the pool passes it on to the next call,
// so that verifying costs no allocation per function or per instruction
// once the lists have grown to the largest function's size.
type verifyScratch struct {
	flags  []uint8
	arrive []int32
	delta  []int
	quick  quickState
}

var verifyScratchPool = sync.Pool{New: func() any { return new(verifyScratch) }}

// maxPooledItems keeps a scratch that a huge function made grow out of
// the pool, so that one such function does not pin its memory for good.
const maxPooledItems = 1 << 16

// release returns the scratch to the pool, unless a huge function made
// it grow so much that keeping it would pin that memory.
func (sc *verifyScratch) release() {
	if cap(sc.flags) > maxPooledItems || cap(sc.arrive) > maxPooledItems || cap(sc.delta) > maxPooledItems+1 {
		return
	}
	verifyScratchPool.Put(sc)
}

// zeroed returns s resized to n zero items, reusing its array when it
// is big enough.
func zeroed[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

func (v *funcVerifier) verifyProto(p, parent *Proto, depth int) {
	if p == nil {
		panic(decodeFailure("missing main function"))
	}
	sc := v.sc
	*v = funcVerifier{
		p: p, main: parent == nil, pc: -1, maxStack: int(p.MaxStackSize), stores: -1, sc: sc,
		arrive: sc.arrive[:0],
	}
	if depth > MaxNesting {
		v.fail("functions nested too deeply (limit is %d)", MaxNesting)
	}
	v.header(parent)
	v.code()
	v.debugInfo()
	// Keep what append grew.
	sc.arrive = v.arrive[:0]
	for _, sub := range p.Protos {
		v.verifyProto(sub, p, depth+1)
	}
}

// where names the function being checked, for messages; made only when
// one is needed.
func (v *funcVerifier) where() string { return funcName(v.p.LineDefined, v.main) }

func (v *funcVerifier) fail(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if v.pc >= 0 {
		msg = fmt.Sprintf("instruction %d (%s): %s", v.pc+1, v.p.Code[v.pc].Op(), msg)
	}
	panic(decodeFailure(v.where() + ": " + msg))
}

// header checks what the instructions rely on outside the code.
func (v *funcVerifier) header(parent *Proto) {
	p := v.p
	if len(p.Code) == 0 {
		v.fail("function has no code")
	}
	if int(p.NumParams) > v.maxStack {
		v.fail("%d parameters exceed the max stack size %d", p.NumParams, v.maxStack)
	}
	if len(p.Upvalues) > MaxUpvalues {
		v.fail("%d upvalues (limit is %d)", len(p.Upvalues), MaxUpvalues)
	}
	for i, sub := range p.Protos {
		if sub == nil {
			v.fail("nested function %d is missing", i)
		}
	}
	for i, c := range p.Constants {
		if c.Kind > ConstString {
			v.fail("constant %d has unknown kind %d", i, c.Kind)
		}
	}
	for i, u := range p.Upvalues {
		if u.Kind > VarClose {
			v.fail("upvalue %d: unknown variable kind %d", i, u.Kind)
		}
		// The main function's upvalues are made by the loader, not by a
		// CLOSURE: their descriptors are never used.
		if parent == nil {
			continue
		}
		if u.InStack {
			if int(u.Index) >= int(parent.MaxStackSize) {
				v.fail("upvalue %d captures register %d of the enclosing function, whose max stack size is %d", i, u.Index, parent.MaxStackSize)
			}
		} else if int(u.Index) >= len(parent.Upvalues) {
			v.fail("upvalue %d refers to upvalue %d of the enclosing function, which has %d", i, u.Index, len(parent.Upvalues))
		}
	}
}

// needsClose tells whether the function has something its returns must
// close: to-be-closed variables (TBC, and the generic for's closing value)
// or registers captured by the closures it creates. The compiler then sets
// k on every RETURN and TAILCALL.
func (v *funcVerifier) needsClose() bool {
	for _, ins := range v.p.Code {
		switch ins.Op() {
		case OpTBC, OpTForPrep:
			return true
		}
	}
	for _, sub := range v.p.Protos {
		for _, u := range sub.Upvalues {
			if u.InStack {
				return true
			}
		}
	}
	return false
}

// The operand checks are small enough to be inlined into code's loop;
// their failures, which build messages, are out of line.

func (v *funcVerifier) reg(r int) {
	if r >= v.maxStack {
		v.badReg(r)
	}
}

//go:noinline
func (v *funcVerifier) badReg(r int) {
	v.fail("register %d out of range (max stack size %d)", r, v.maxStack)
}

// regs checks the n registers first..first+n-1.
func (v *funcVerifier) regs(first, n int) {
	if n > 0 && first+n > v.maxStack {
		v.badRegs(first, n)
	}
}

//go:noinline
func (v *funcVerifier) badRegs(first, n int) {
	v.fail("registers %d..%d out of range (max stack size %d)", first, first+n-1, v.maxStack)
}

// k checks a constant index and returns the constant's kind.
func (v *funcVerifier) k(i int) ConstKind {
	if uint(i) >= uint(len(v.p.Constants)) {
		v.badK(i)
	}
	return v.p.Constants[i].Kind
}

//go:noinline
func (v *funcVerifier) badK(i int) {
	v.fail("constant %d out of range (function has %d)", i, len(v.p.Constants))
}

func (v *funcVerifier) kString(i int) {
	if k := v.k(i); k != ConstString {
		v.badKind(i, k, "a string")
	}
}

func (v *funcVerifier) kNumber(i int) {
	if k := v.k(i); k != ConstInt && k != ConstFloat {
		v.badKind(i, k, "a number")
	}
}

func (v *funcVerifier) kInteger(i int) {
	if k := v.k(i); k != ConstInt {
		v.badKind(i, k, "an integer")
	}
}

//go:noinline
func (v *funcVerifier) badKind(i int, k ConstKind, want string) {
	v.fail("constant %d is %s, not %s", i, kindName(k), want)
}

// rk checks operand C of the stores: a constant with k, else a register.
func (v *funcVerifier) rk(ins Instruction) {
	if ins.K() {
		v.k(ins.C())
	} else {
		v.reg(ins.C())
	}
}

func (v *funcVerifier) upval(i int) {
	if i >= len(v.p.Upvalues) {
		v.badUpval(i)
	}
}

//go:noinline
func (v *funcVerifier) badUpval(i int) {
	v.fail("upvalue %d out of range (function has %d)", i, len(v.p.Upvalues))
}

func kindName(k ConstKind) string {
	switch k {
	case ConstNil:
		return "nil"
	case ConstFalse, ConstTrue:
		return "a boolean"
	case ConstInt:
		return "an integer"
	case ConstFloat:
		return "a float"
	case ConstString:
		return "a string"
	}
	return "of unknown kind"
}

// edge records that instruction from may continue at to.
func (v *funcVerifier) edge(from, to int) {
	if uint(to) >= uint(len(v.flags)) {
		v.badEdge(from, to)
	}
	if to == from+1 {
		v.flags[to] |= flagFallsInto
	} else {
		v.flags[to] |= flagJumpedTo
	}
}

//go:noinline
func (v *funcVerifier) badEdge(from, to int) {
	n := len(v.p.Code)
	switch {
	case to == from+1:
		v.fail("control falls off the end of the code")
	case to >= n && to == from+2:
		v.fail("skips past the end of the code")
	default:
		v.fail("jump to instruction %d out of range (code has %d)", to+1, n)
	}
}

// extraArg checks that the instruction takes the EXTRAARG after it, and
// returns its argument.
func (v *funcVerifier) extraArg() int {
	next := v.pc + 1
	if next >= len(v.p.Code) || v.p.Code[next].Op() != OpExtraArg {
		v.fail("not followed by EXTRAARG")
	}
	v.flags[next] |= flagExtra
	v.arrive = append(v.arrive, int32(next))
	return v.p.Code[next].Ax()
}

// test checks a conditional instruction: the VM runs the JMP after it in
// its place (taking the jump) or skips it.
func (v *funcVerifier) test() {
	next := v.pc + 1
	if next >= len(v.p.Code) || v.p.Code[next].Op() != OpJmp {
		v.fail("test not followed by a JMP")
	}
	v.edge(v.pc, next)
	v.edge(v.pc, v.pc+2)
}

// openUse lists the instruction at pc, of those that may take their
// operands up to the stack top, for arrivals when it does (B=0).
func (v *funcVerifier) openUse(pc, b int) {
	if b == 0 {
		v.arrive = append(v.arrive, int32(pc))
	}
}

// openUse reports an instruction that takes its operands up to the stack
// top set by the instruction before it.
func openUse(i Instruction) bool {
	switch i.Op() {
	case OpCall, OpTailCall, OpReturn, OpSetList:
		return i.B() == 0
	}
	return false
}

// openResult reports an instruction that leaves a variable number of
// values, up to the stack top. A TAILCALL does when what it called
// returns through the next instruction (see code).
func openResult(i Instruction) bool {
	switch i.Op() {
	case OpCall, OpVararg:
		return i.C() == 0
	case OpTailCall:
		return true
	}
	return false
}

// code checks every instruction, then the properties of where control
// can arrive.
func (v *funcVerifier) code() {
	p := v.p
	code := p.Code
	n := len(code)
	v.flags = zeroed(v.sc.flags, n)
	v.sc.flags = v.flags
	needClose := v.needsClose()
	if p.IsVararg && code[0].Op() != OpVarargPrep {
		v.fail("vararg function does not start with VARARGPREP")
	}
	// setlistItems bounds the index SETLIST may store at: compiled code
	// stores a constructor's items in order, at most B per SETLIST, so an
	// index past all the items stored before is crafted, and would make
	// the table preallocate as much as it says.
	setlistItems := 0
	// The instructions that take an EXTRAARG step over it, so that it is
	// not checked as an instruction of its own.
	flags := v.flags
	q := &v.sc.quick
	q.reset(p)
	for pc := 0; pc < n; pc++ {
		v.pc = pc
		ins := code[pc]
		op := ins.Op()
		next := true // continues at pc+1
		if e := &quickOps[op]; !e.on || noQuick || !q.ok(ins, e) {
			a, b, c := ins.A(), ins.B(), ins.C()
			switch op {
			case OpMove:
				v.reg(a)
				v.reg(b)
			case OpLoadI, OpLoadF, OpLoadFalse, OpLoadTrue:
				v.reg(a)
			case OpLoadK:
				v.reg(a)
				v.k(ins.Bx())
			case OpLoadKX:
				v.reg(a)
				v.k(v.extraArg())
				v.edge(pc, pc+2)
				next = false
				pc++ // past the EXTRAARG
			case OpLFalseSkip:
				v.reg(a)
				v.edge(pc, pc+2)
				next = false
			case OpLoadNil:
				v.regs(a, b+1)
			case OpGetUpval, OpSetUpval:
				v.reg(a)
				v.upval(b)
			case OpGetTabUp:
				v.reg(a)
				v.upval(b)
				v.kString(c)
			case OpGetTable:
				v.reg(a)
				v.reg(b)
				v.reg(c)
			case OpGetI:
				v.reg(a)
				v.reg(b)
			case OpGetField:
				v.reg(a)
				v.reg(b)
				v.kString(c)
			case OpSetTabUp:
				v.upval(a)
				v.kString(b)
				v.rk(ins)
			case OpSetTable:
				v.reg(a)
				v.reg(b)
				v.rk(ins)
			case OpSetI:
				v.reg(a)
				v.rk(ins)
			case OpSetField:
				v.reg(a)
				v.kString(b)
				v.rk(ins)
			case OpNewTable:
				// The VM skips the next instruction whether or not k is
				// set: it is always an EXTRAARG.
				v.reg(a)
				narr := c
				if ext := v.extraArg(); ins.K() {
					narr += ext * (MaxC + 1)
				}
				v.tableHints(b, narr)
				v.edge(pc, pc+2)
				next = false
				pc++ // past the EXTRAARG
			case OpSelf:
				v.regs(a, 2)
				v.reg(b)
				if ins.K() {
					v.kString(c)
				} else {
					v.reg(c)
				}
			case OpAddI, OpShrI, OpShlI, OpUnm, OpBnot, OpNot, OpLen:
				v.reg(a)
				v.reg(b)
			case OpAddK, OpSubK, OpMulK, OpModK, OpPowK, OpDivK, OpIDivK:
				v.reg(a)
				v.reg(b)
				v.kNumber(c)
			case OpBandK, OpBorK, OpBxorK:
				v.reg(a)
				v.reg(b)
				v.kInteger(c)
			case OpAdd, OpSub, OpMul, OpMod, OpPow, OpDiv, OpIDiv,
				OpBand, OpBor, OpBxor, OpShl, OpShr:
				v.reg(a)
				v.reg(b)
				v.reg(c)
			case OpConcat:
				if b < 2 {
					v.fail("concatenation of %d values", b)
				}
				v.regs(a, b)
			case OpClose, OpTBC:
				v.reg(a)
			case OpJmp:
				v.edge(pc, pc+1+ins.SJ())
				next = false
			case OpEq, OpLt, OpLe, OpTestSet:
				v.reg(a)
				v.reg(b)
				v.test()
				next = false
			case OpEqK:
				v.reg(a)
				v.k(b)
				v.test()
				next = false
			case OpEqI, OpLtI, OpLeI, OpGtI, OpGeI, OpTest:
				v.reg(a)
				v.test()
				next = false
			case OpCall:
				v.openUse(pc, b)
				v.reg(a)
				v.regs(a, b) // the function and its B-1 arguments
				if c > 0 {
					v.regs(a, c-1) // the results
				}
				v.openResultUsed(ins)
			case OpTailCall:
				// A tail call of a Go function that yields, or whose
				// protected call recovers after a resume, leaves its
				// results from R[A] up to the top and goes on with the
				// next instruction, the RETURN of those results: the
				// arrival checks of that RETURN apply to it.
				v.openUse(pc, b)
				v.reg(a)
				v.regs(a, b)
				v.frameReturn(ins, needClose)
				if pc+1 >= n || code[pc+1].Op() != OpReturn || code[pc+1].B() != 0 {
					v.fail("not followed by the RETURN of its results (B=0)")
				}
			case OpReturn:
				v.openUse(pc, b)
				// With B=1 nothing is read, and A may be the first free
				// register, one past the frame (compiled "return" in vararg
				// functions).
				if a > v.maxStack {
					v.reg(a)
				}
				if b > 1 {
					v.regs(a, b-1)
				}
				v.frameReturn(ins, needClose)
				next = false
			case OpReturn0, OpReturn1:
				// A is read even by RETURN0 when a return hook is set
				// (where the results are), so it must be in the frame,
				// or one past it as for RETURN with B=1.
				if op == OpReturn1 || a > v.maxStack {
					v.reg(a)
				}
				if p.IsVararg {
					v.fail("plain return in a vararg function (the frame shift must be undone)")
				}
				if needClose {
					v.fail("plain return in a function that must close variables")
				}
				next = false
			case OpForLoop:
				v.regs(a, 4)
				v.edge(pc, pc+1-ins.Bx())
				prep := pc - ins.Bx()
				if prep < 0 || code[prep].Op() != OpForPrep || code[prep].A() != a || prep+1+code[prep].Bx() != pc {
					v.fail("jumps back to instruction %d, not into the loop of a FORPREP", prep+2)
				}
			case OpForPrep:
				v.regs(a, 4)
				v.edge(pc, pc+2+ins.Bx())
				loop := pc + 1 + ins.Bx()
				if l := code[loop]; l.Op() != OpForLoop || l.A() != a || loop-l.Bx() != pc {
					v.fail("skips to instruction %d, not past the FORLOOP of its loop", loop+2)
				}
			case OpTForPrep:
				v.regs(a, 4)
				target := pc + 1 + ins.Bx()
				v.edge(pc, target)
				if t := code[target]; t.Op() != OpTForCall || t.A() != a {
					v.fail("jumps to instruction %d (%s), not to the TFORCALL of its loop", target+1, t.Op())
				}
				next = false
			case OpTForCall:
				if c < 1 {
					v.fail("generic for with %d variables", c)
				}
				v.regs(a, 7) // the iterator call's copies of R[A]..R[A+2]
				v.regs(a, 4+c)
				if pc+1 >= n || code[pc+1].Op() != OpTForLoop || code[pc+1].A() != a {
					v.fail("not followed by the TFORLOOP of its loop")
				}
			case OpTForLoop:
				v.regs(a, 5)
				v.edge(pc, pc+1-ins.Bx())
			case OpSetList:
				v.openUse(pc, b)
				v.reg(a)
				if b > 0 {
					v.regs(a, b+1)
				}
				last := c
				if ins.K() {
					last += v.extraArg() * (MaxC + 1)
					v.edge(pc, pc+2)
					next = false
				}
				if last > setlistItems {
					v.fail("stores from index %d, but only %d items were stored before", last+1, setlistItems)
				}
				setlistItems += b
				if ins.K() {
					pc++ // past the EXTRAARG
				}
			case OpClosure:
				v.reg(a)
				if bx := ins.Bx(); bx >= len(p.Protos) {
					v.fail("function %d out of range (function has %d)", bx, len(p.Protos))
				}
			case OpVararg:
				if !p.IsVararg {
					v.fail("VARARG in a function that is not vararg")
				}
				v.reg(a)
				if c > 0 {
					v.regs(a, c-1)
				}
				v.openResultUsed(ins)
			case OpVarargPrep:
				if pc != 0 {
					v.fail("VARARGPREP is not the first instruction")
				}
				if !p.IsVararg {
					v.fail("VARARGPREP in a function that is not vararg")
				}
				if a != int(p.NumParams) {
					v.fail("VARARGPREP for %d parameters, function has %d", a, p.NumParams)
				}
			case OpExtraArg:
				v.fail("EXTRAARG without an instruction that takes it")
			default:
				v.fail("unknown opcode %d", op)
			}
		}
		if next {
			// edge(pc, pc+1), spelt out: it is most instructions'
			// only successor.
			if pc+1 >= n {
				v.fail("control falls off the end of the code")
			}
			flags[pc+1] |= flagFallsInto
		}
	}
	v.arrivals()
	v.pc = -1
	if needClose {
		v.closeScopes()
	}
}

// noPending is closeScopes' state where no to-be-closed variable is
// pending: above every register.
const noPending = MaxA + 1

// closeScopes checks that no TAILCALL runs while a to-be-closed variable
// is pending. A tail call replaces the frame without closing those
// variables (its k closes upvalues only), so the pending entry would later
// close whatever another function keeps in that register; the reference's
// compiler never makes a tail call inside such a scope (insidetbc), and
// neither does ours.
//
// The pass follows control flow with, at each instruction, the lowest
// register whose to-be-closed variable may be pending on some path: TBC
// (and TFORPREP, for the loop's closing value) open one, CLOSE A closes
// those at A and above. It runs only for functions that have such
// variables, and visits each instruction a bounded number of times (the
// state only goes down).
func (v *funcVerifier) closeScopes() {
	code := v.p.Code
	hasTail := false
	for _, ins := range code {
		if ins.Op() == OpTailCall {
			hasTail = true
			break
		}
	}
	if !hasTail {
		return
	}
	n := len(code)
	state := make([]int16, n)
	for i := range state {
		state[i] = -1 // not reached yet
	}
	work := []int32{0}
	state[0] = noPending
	flow := func(to int, s int16) {
		if to < 0 || to >= n {
			return // the main pass checked every edge
		}
		if state[to] < 0 || s < state[to] {
			state[to] = s
			work = append(work, int32(to))
		}
	}
	for len(work) > 0 {
		pc := int(work[len(work)-1])
		work = work[:len(work)-1]
		ins := code[pc]
		s := state[pc]
		switch ins.Op() {
		case OpTBC:
			s = min(s, int16(ins.A()))
		case OpTForPrep:
			s = min(s, int16(ins.A()+3))
		case OpClose:
			if s >= int16(ins.A()) {
				s = noPending
			}
		case OpTailCall:
			if s != noPending {
				v.pc = pc
				v.fail("tail call inside the scope of the to-be-closed variable in register %d", s)
			}
			continue
		}
		a, b := successors(code, pc)
		flow(a, s)
		flow(b, s)
	}
}

// successors returns where control may go after instruction pc (-1 for
// none), as the main pass of code checks it.
func successors(code []Instruction, pc int) (int, int) {
	ins := code[pc]
	switch ins.Op() {
	case OpJmp:
		return pc + 1 + ins.SJ(), -1
	case OpEq, OpLt, OpLe, OpEqK, OpEqI, OpLtI, OpLeI, OpGtI, OpGeI, OpTest, OpTestSet:
		return pc + 1, pc + 2
	case OpLoadKX, OpNewTable, OpLFalseSkip:
		return pc + 2, -1
	case OpSetList:
		if ins.K() {
			return pc + 2, -1
		}
	case OpForLoop:
		return pc + 1, pc + 1 - ins.Bx()
	case OpForPrep:
		return pc + 1, pc + 2 + ins.Bx()
	case OpTForPrep:
		return pc + 1 + ins.Bx(), -1
	case OpTForLoop:
		return pc + 1, pc + 1 - ins.Bx()
	case OpReturn, OpReturn0, OpReturn1, OpTailCall:
		return -1, -1
	}
	return pc + 1, -1
}

// tableHints bounds the sizes NEWTABLE preallocates by what the function
// can store: the compiler sizes the hash part for the constructor's
// fields, each stored by one SETFIELD, SETTABLE or SETI, and the array part
// for its items, flushed by SETLISTs of at most one frame of registers
// each. Bigger hints can only come from a crafted chunk, and would let one
// instruction in a loop allocate megabytes at every iteration.
func (v *funcVerifier) tableHints(logHash, narr int) {
	if v.stores < 0 {
		v.stores, v.setlists = 0, 0
		for _, ins := range v.p.Code {
			switch ins.Op() {
			case OpSetField, OpSetTable, OpSetI:
				v.stores++
			case OpSetList:
				v.setlists++
			}
		}
	}
	stores, setlists := v.stores, v.setlists
	if logHash > 0 && (logHash > 31 || 1<<(logHash-1) > 2*stores) {
		v.fail("hash size hint 2^%d exceeds the %d fields the function stores", logHash-1, stores)
	}
	if narr > setlists*v.maxStack {
		v.fail("array size hint %d exceeds the items %d SETLISTs can store", narr, setlists)
	}
}

// openResultUsed checks that the values a CALL or VARARG with C=0 leaves
// up to the top are taken by the next instruction (the pairing itself is
// checked from the other side, in arrivals).
func (v *funcVerifier) openResultUsed(ins Instruction) {
	if !openResult(ins) {
		return
	}
	if next := v.pc + 1; next >= len(v.p.Code) || !openUse(v.p.Code[next]) {
		v.fail("open results not used by the next instruction")
	}
}

// frameReturn checks C and k of RETURN and TAILCALL.
func (v *funcVerifier) frameReturn(ins Instruction, needClose bool) {
	p := v.p
	if p.IsVararg {
		if want := int(p.NumParams) + 1; ins.C() != want {
			v.fail("vararg function returns with C=%d, want %d (NumParams+1) to undo the frame shift", ins.C(), want)
		}
	} else if ins.C() != 0 {
		v.fail("C=%d shifts the frame of a function that is not vararg", ins.C())
	}
	if needClose && !ins.K() {
		v.fail("returns without closing (k) in a function with to-be-closed variables or captured registers")
	}
}

// arrivals checks where control arrives: never at an EXTRAARG, never back
// at VARARGPREP, and at an instruction using the stack top only straight
// from the CALL or VARARG that set it.
//
// Only the instructions main loop listed in v.arrive, and the first, can
// fail these checks; they are visited in code order.
func (v *funcVerifier) arrivals() {
	code := v.p.Code
	if code[0].Op() == OpVarargPrep && v.flags[0]&(flagJumpedTo|flagFallsInto) != 0 {
		v.pc = 0
		v.fail("jump back to VARARGPREP")
	}
	for _, at := range v.arrive {
		pc := int(at)
		f := v.flags[pc]
		v.pc = pc
		if f&flagExtra != 0 {
			if f&(flagJumpedTo|flagFallsInto) != 0 {
				v.fail("the extra argument of the previous instruction is a jump target")
			}
			continue
		}
		// code[pc] uses the stack top.
		if pc == 0 {
			v.fail("uses the stack top (B=0) with no instruction before it to set it")
		}
		if f&flagJumpedTo != 0 {
			v.fail("uses the stack top (B=0) but is a jump target")
		}
		if f&flagFallsInto == 0 {
			continue // unreachable
		}
		prev := code[pc-1]
		if !openResult(prev) {
			v.fail("uses the stack top (B=0) but the previous instruction (%s) does not set it", prev.Op())
		}
		// The values up to the top start at the previous instruction's
		// A: they must lie above this one's function (or, for RETURN,
		// start at its first result), so that the count is not negative.
		min := code[pc].A() + 1
		if code[pc].Op() == OpReturn {
			min--
		}
		if prev.A() < min {
			v.fail("uses the stack top from register %d, below its own operands", prev.A())
		}
	}
}

// debugInfo checks what the debug machinery indexes with: line info must
// cover the code, and local variable ranges must lie in it with no more
// locals active at one instruction than the frame has registers.
func (v *funcVerifier) debugInfo() {
	if msg := debugProblem(v.p, &v.sc.delta); msg != "" {
		v.fail("%s", msg)
	}
}

// debugProblem says what is wrong with p's debug information, "" when
// nothing is: the verifier asks it of every prototype, and a deferred
// section (debug.go) asks it when it is decoded. delta is scratch space,
// kept between calls.
func debugProblem(p *Proto, delta *[]int) string {
	n := len(p.Code)
	maxStack := int(p.MaxStackSize)
	if len(p.LineInfo) != 0 && len(p.LineInfo) != n {
		return fmt.Sprintf("line info for %d instructions, code has %d", len(p.LineInfo), n)
	}
	for i, lv := range p.LocVars {
		if lv.StartPC < 0 || lv.StartPC > lv.EndPC || int(lv.EndPC) > n {
			return fmt.Sprintf("local variable %d (%q) has range [%d, %d) outside the code", i, lv.Name, lv.StartPC, lv.EndPC)
		}
	}
	// No more locals can be active at once than there are: with no more
	// than the frame has registers, there is nothing to count (nearly
	// every function).
	if len(p.LocVars) <= maxStack {
		return ""
	}
	d := zeroed(*delta, n+1)
	*delta = d
	for _, lv := range p.LocVars {
		d[lv.StartPC]++
		d[lv.EndPC]--
	}
	active := 0
	for pc := 0; pc < n; pc++ {
		active += d[pc]
		if active > maxStack {
			return fmt.Sprintf("%d local variables active at instruction %d, max stack size is %d", active, pc+1, maxStack)
		}
	}
	return ""
}
