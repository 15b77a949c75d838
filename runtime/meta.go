package runtime

import bc "panto/bytecode"

// Metamethod events. The arithmetic events follow the order of arithOp so
// that tmAdd+op names the event of an operation.
type tmEvent uint8

const (
	tmIndex tmEvent = iota
	tmNewindex
	tmGC
	tmMode
	tmLen
	tmEq
	tmAdd
	tmSub
	tmMul
	tmMod
	tmPow
	tmDiv
	tmIDiv
	tmBand
	tmBor
	tmBxor
	tmShl
	tmShr
	tmUnm
	tmBnot
	tmLt
	tmLe
	tmConcat
	tmCall
	tmClose
	numTMs
)

var tmNameList = [numTMs]string{
	"__index", "__newindex", "__gc", "__mode", "__len", "__eq",
	"__add", "__sub", "__mul", "__mod", "__pow", "__div", "__idiv",
	"__band", "__bor", "__bxor", "__shl", "__shr", "__unm", "__bnot",
	"__lt", "__le", "__concat", "__call", "__close",
}

// maxTagLoop bounds __index/__newindex chains, as in the reference.
const maxTagLoop = 2000

// metatable returns the metatable of any value.
func (L *State) metatable(v Value) *Table {
	switch v.t {
	case tagTable:
		return v.table().meta
	case tagUserdata:
		return v.userdata().meta
	default:
		return L.g.typeMeta[v.t]
	}
}

// fastTM looks up event in metatable mt, remembering absences.
func (L *State) fastTM(mt *Table, e tmEvent) Value {
	if mt == nil || mt.tmAbsent&(1<<e) != 0 {
		return Nil
	}
	// The event names are interned: the metatable's key is usually this
	// very string, found by its pointer in its main position's chain.
	if v := probeStr(mt, &L.g.tmNames[e]); v != nil && v.t != tagNil {
		return *v
	}
	v := mt.getStr(L.g.tmNames[e])
	if v.t == tagNil {
		mt.tmAbsent |= 1 << e
	}
	return v
}

// metaOf returns the metamethod for event e of value v, or nil.
func (L *State) metaOf(v Value, e tmEvent) Value {
	return L.fastTM(L.metatable(v), e)
}

// callMetaRes calls metamethod f with two arguments and returns one result.
func (L *State) callMetaRes(f, a, b Value) Value {
	v, _ := L.metaRes(f, a, b, false)
	return v
}

// metaRes is callMetaRes, and with frame set (the dispatch loop's slow
// path calls) a Lua metamethod is pushed as a frame of the running loop
// instead of being called (pushMetaFrame): metaRes then reports true and
// the caller must leave its instruction at once, to be completed by
// finishMetaFrame when the metamethod returns.
func (L *State) metaRes(f, a, b Value, frame bool) (Value, bool) {
	fn := L.top
	L.ensureStack(fn + 3)
	s := L.stack[fn : fn+3]
	copyVal(&s[0], &f)
	copyVal(&s[1], &a)
	copyVal(&s[2], &b)
	L.top = fn + 3
	if frame && f.t == tagLuaFn {
		L.pushMetaFrame(fn, 1)
		return Nil, true
	}
	L.callMetamethod(fn, 1)
	L.top--
	return L.stack[L.top], false
}

// callMeta calls metamethod f with three arguments and no results; with
// frame set, it pushes a Lua metamethod as metaRes does and reports true.
func (L *State) callMeta(f, a, b, c Value, frame bool) bool {
	fn := L.top
	L.ensureStack(fn + 4)
	s := L.stack
	s[fn] = f
	s[fn+1] = a
	s[fn+2] = b
	s[fn+3] = c
	L.top = fn + 4
	if frame && f.t == tagLuaFn {
		L.pushMetaFrame(fn, 0)
		return true
	}
	L.callMetamethod(fn, 0)
	return false
}

// callMetamethod calls a metamethod. From Lua code (the VM's slow paths)
// the call may yield: the interrupted instruction is completed on resume.
// From a Go function (tostring, table.concat...) it may not, as in the
// reference, where such C functions have no continuation.
func (L *State) callMetamethod(fn, nresults int) {
	if L.ci.status&ciLua != 0 {
		L.call(fn, nresults)
	} else {
		L.callNoYield(fn, nresults)
	}
}

// finishGet completes t[key] when the fast path failed: it follows the
// __index chain.
func (L *State) finishGet(t, key Value) Value {
	v, _ := L.finishGetFrame(t, key, false)
	return v
}

// finishGetFrame is finishGet, pushing a Lua __index function as a frame
// when frame is set (see metaRes).
func (L *State) finishGetFrame(t, key Value, frame bool) (Value, bool) {
	for loop := 0; loop < maxTagLoop; loop++ {
		var tm Value
		if t.t == tagTable {
			tbl := t.table()
			if v := tbl.Get(key); v.t != tagNil {
				return v, false
			}
			tm = L.fastTM(tbl.meta, tmIndex)
			if tm.t == tagNil {
				return Nil, false
			}
		} else {
			tm = L.metaOf(t, tmIndex)
			if tm.t == tagNil {
				L.indexError(t, key, loop == 0)
			}
		}
		if tm.t == tagLuaFn || tm.t == tagGoFn {
			return L.metaRes(tm, t, key, frame)
		}
		t = tm
	}
	L.runError("'__index' chain too long; possible loop")
	return Nil, false
}

// finishSet completes t[key] = val when the fast path failed.
func (L *State) finishSet(t, key, val Value) { L.finishSetFrame(t, key, val, false) }

// finishSetFrame is finishSet, pushing a Lua __newindex function as a
// frame when frame is set, and then reporting true (see metaRes).
func (L *State) finishSetFrame(t, key, val Value, frame bool) bool {
	for loop := 0; loop < maxTagLoop; loop++ {
		var tm Value
		if t.t == tagTable {
			tbl := t.table()
			if tbl.replaceExisting(key, val) {
				return false
			}
			tm = L.fastTM(tbl.meta, tmNewindex)
			if tm.t == tagNil {
				L.rawSet(tbl, key, val)
				return false
			}
		} else {
			tm = L.metaOf(t, tmNewindex)
			if tm.t == tagNil {
				L.indexError(t, key, loop == 0)
			}
		}
		if tm.t == tagLuaFn || tm.t == tagGoFn {
			return L.callMeta(tm, t, key, val, frame)
		}
		t = tm
	}
	L.runError("'__newindex' chain too long; possible loop")
	return false
}

// rawSet stores into a table, rejecting nil and NaN keys.
func (L *State) rawSet(t *Table, key, val Value) {
	switch key.t {
	case tagNil:
		L.runError("table index is nil")
	case tagFloat:
		if f := key.AsFloat(); f != f {
			L.runError("table index is NaN")
		}
	}
	defer L.catchTableOverflow()
	nodes, arr := t.node, cap(t.arr)
	shift := t.sizeFree >> freeBits
	t.Set(key, val)
	if t.node != nodes || cap(t.arr) != arr {
		L.chargeGrowth(t, tableBytes+int64(arr)*int64(valueSize)+hashBytes(nodes, shift))
	}
}

func (L *State) catchTableOverflow() {
	if r := recover(); r != nil {
		if _, ok := r.(tableOverflow); ok {
			L.runError("table overflow")
		}
		panic(r)
	}
}

// replaceExisting stores val under key only if the key has a non-nil value
// now, which is when __newindex is not consulted.
func (t *Table) replaceExisting(key, val Value) bool {
	switch key.t {
	case tagInt:
		if i := int64(key.n); uint64(i)-1 < uint64(len(t.arr)) {
			if t.arr[i-1].t != tagNil {
				t.arr[i-1] = val
				return true
			}
			return false
		}
	case tagFloat:
		if i, ok := floatToInt(key.AsFloat()); ok {
			return t.replaceExisting(Int(i), val)
		}
	case tagNil:
		return false
	}
	if n := t.findNode(key); n != nil && n.val.t != tagNil {
		n.val = val
		if key.t == tagString && t.tmAbsent != 0 {
			t.keysChanged()
		}
		return true
	}
	return false
}

// arithSlow performs an arithmetic or bitwise operation that the fast path
// could not: it tries metamethods of the first and then the second operand.
func (L *State) arithSlow(op arithOp, a, b Value) Value {
	v, _ := L.arithSlowFrame(op, a, b, false)
	return v
}

// arithSlowFrame is arithSlow, pushing a Lua metamethod as a frame when
// frame is set (see metaRes).
func (L *State) arithSlowFrame(op arithOp, a, b Value, frame bool) (Value, bool) {
	if op >= arithBand && op != arithUnm {
		// Bitwise operations convert floats with integer values.
		x, okx := bitwiseOperand(a)
		y, oky := bitwiseOperand(b)
		if okx && oky {
			v, _ := arithInts(op, x, y)
			return Int(v), false
		}
	} else if a.IsNumber() && b.IsNumber() {
		if v, ok := arithFast(op, a, b); ok {
			return v, false
		}
		// Integer division or modulo by zero.
		if op == arithMod {
			L.runError("attempt to perform 'n%%0'")
		}
		L.runError("attempt to divide by zero")
	}
	e := tmAdd + tmEvent(op)
	tm := L.metaOf(a, e)
	if tm.t == tagNil {
		tm = L.metaOf(b, e)
	}
	if tm.t != tagNil {
		return L.metaRes(tm, a, b, frame)
	}
	if op >= arithBand && op != arithUnm {
		if a.IsNumber() && b.IsNumber() {
			// Both numbers, so one has no integer representation.
			if _, ok := bitwiseOperand(a); !ok {
				L.noIntegerError(a)
			}
			L.noIntegerError(b)
		}
		if !a.IsNumber() {
			L.opError(a, "perform bitwise operation on")
		}
		L.opError(b, "perform bitwise operation on")
	}
	if !a.IsNumber() {
		L.opError(a, "perform arithmetic on")
	}
	L.opError(b, "perform arithmetic on")
	return Nil, false
}

// bitwiseOperand converts a number operand of a bitwise operation.
func bitwiseOperand(v Value) (int64, bool) {
	switch v.t {
	case tagInt:
		return int64(v.n), true
	case tagFloat:
		return floatToInt(v.AsFloat())
	}
	return 0, false
}

// equalObj compares two values with __eq, for tables and userdata.
func (L *State) equalObj(a, b Value) bool {
	eq, _ := L.equalObjFrame(a, b, false)
	return eq
}

// equalObjFrame is equalObj, pushing a Lua __eq as a frame when frame is
// set (see metaRes).
func (L *State) equalObjFrame(a, b Value, frame bool) (bool, bool) {
	if a.t != b.t || (a.t != tagTable && a.t != tagUserdata) {
		return RawEqual(a, b), false
	}
	if a.p == b.p {
		return true, false
	}
	tm := L.fastTM(L.metatable(a), tmEq)
	if tm.t == tagNil {
		tm = L.fastTM(L.metatable(b), tmEq)
	}
	if tm.t == tagNil {
		return false, false
	}
	v, pushed := L.metaRes(tm, a, b, frame)
	return v.Truthy(), pushed
}

// lessThan compares with the rules of <, trying __lt for non-numbers.
func (L *State) lessThan(a, b Value) bool {
	lt, _ := L.lessThanFrame(a, b, false)
	return lt
}

// lessThanFrame is lessThan, pushing a Lua __lt as a frame when frame is
// set (see metaRes).
func (L *State) lessThanFrame(a, b Value, frame bool) (bool, bool) {
	if a.IsNumber() && b.IsNumber() {
		return numLess(a, b), false
	}
	if a.t == tagString && b.t == tagString {
		return a.AsString() < b.AsString(), false
	}
	if r, ok, pushed := L.compareMeta(a, b, tmLt, frame); ok {
		return r, pushed
	}
	L.compareError(a, b)
	return false, false
}

// lessEqual compares with the rules of <=. Like the reference built with
// 5.3 compatibility, a missing __le falls back to not (b < a).
func (L *State) lessEqual(a, b Value) bool {
	le, _ := L.lessEqualFrame(a, b, false)
	return le
}

// lessEqualFrame is lessEqual, pushing a Lua __le (or the __lt of its
// fallback) as a frame when frame is set (see metaRes).
func (L *State) lessEqualFrame(a, b Value, frame bool) (bool, bool) {
	if a.IsNumber() && b.IsNumber() {
		return numLessEq(a, b), false
	}
	if a.t == tagString && b.t == tagString {
		return a.AsString() <= b.AsString(), false
	}
	if r, ok, pushed := L.compareMeta(a, b, tmLe, frame); ok {
		return r, pushed
	}
	// The frame is marked while __lt stands in for __le, as the reference
	// marks it (CIST_LEQ): when the call yields or runs as a frame, the
	// instruction is finished later (finishOp), which must negate it.
	ci := L.ci
	ci.status |= ciLeqFallback
	if r, ok, pushed := L.compareMeta(b, a, tmLt, frame); ok {
		if pushed {
			return false, true
		}
		ci.status &^= ciLeqFallback
		return !r, false
	}
	ci.status &^= ciLeqFallback
	L.compareError(a, b)
	return false, false
}

// compareMeta calls the metamethod of event e for a and b: ok is false
// when neither has one, pushed true when it was pushed as a frame.
func (L *State) compareMeta(a, b Value, e tmEvent, frame bool) (r, ok, pushed bool) {
	tm := L.metaOf(a, e)
	if tm.t == tagNil {
		tm = L.metaOf(b, e)
	}
	if tm.t == tagNil {
		return false, false, false
	}
	v, pushed := L.metaRes(tm, a, b, frame)
	return v.Truthy(), true, pushed
}

// objLen implements # for values the fast path did not handle.
func (L *State) objLen(v Value) Value {
	n, _ := L.objLenFrame(v, false)
	return n
}

// objLenFrame is objLen, pushing a Lua __len as a frame when frame is set
// (see metaRes).
func (L *State) objLenFrame(v Value, frame bool) (Value, bool) {
	switch v.t {
	case tagString:
		return Int(int64(v.n)), false
	case tagTable:
		tm := L.fastTM(v.table().meta, tmLen)
		if tm.t == tagNil {
			return Int(v.table().Len()), false
		}
		return L.metaRes(tm, v, v, frame)
	}
	tm := L.metaOf(v, tmLen)
	if tm.t == tagNil {
		L.opError(v, "get length of")
	}
	return L.metaRes(tm, v, v, frame)
}

// concat concatenates the n values at the top of the stack, leaving the
// result in the first of them and the top just above it. It works from the
// right, joining runs of strings and numbers at once and calling __concat
// for the rest, as the reference does (so the order of metamethod calls is
// the same).
func (L *State) concat(n int) { L.concatFrame(n, false) }

// concatFrame is concat, and with frame set it pushes a Lua __concat as a
// frame and reports true, leaving the values still to join below it (see
// metaRes; finishOp goes on from there).
func (L *State) concatFrame(n int, frame bool) bool {
	for n > 1 {
		s := L.stack
		top := L.top
		a, b := s[top-2], s[top-1]
		if !isConcatable(a) || !isConcatable(b) {
			tm := L.metaOf(a, tmConcat)
			if tm.t == tagNil {
				tm = L.metaOf(b, tmConcat)
			}
			if tm.t == tagNil {
				if isConcatable(a) {
					a = b
				}
				L.opError(a, "concatenate")
			}
			r, pushed := L.metaRes(tm, a, b, frame)
			if pushed {
				return true
			}
			L.stack[top-2] = r
			L.top = top - 1
			n--
			continue
		}
		// With an empty string the result is the other operand itself,
		// as in luaV_concat (the same object, as "%p" shows).
		if b.t == tagString && b.n == 0 || a.t == tagString && a.n == 0 {
			r := a
			if r.t == tagString && r.n == 0 {
				r = b
			}
			if r.t != tagString {
				r = numberToString(r)
			}
			s[top-2] = r
			L.top = top - 1
			n--
			continue
		}
		// Collect as many concatenable values as possible.
		cnt := 2
		size := concatLen(a) + concatLen(b)
		for cnt < n && isConcatable(s[top-cnt-1]) {
			size += concatLen(s[top-cnt-1])
			cnt++
		}
		if size < 0 || size > maxStringSize {
			L.runError("string length overflow")
		}
		// Before allocating: the limit may refuse it, and a concatenation
		// copying gigabytes counts as that much work for budgets.
		L.TickBytes(size)
		L.charge(int64(stringHeader + size))
		buf := make([]byte, 0, size)
		for j := top - cnt; j < top; j++ {
			buf = appendConcat(buf, s[j])
		}
		s[top-cnt] = stringFromBytes(buf)
		L.top = top - cnt + 1
		n -= cnt - 1
	}
	return false
}

// maxStringSize bounds strings built by the VM.
const maxStringSize = 1<<31 - 1

func isConcatable(v Value) bool {
	return v.t == tagString || v.t == tagInt || v.t == tagFloat
}

func concatLen(v Value) int {
	if v.t == tagString {
		return int(v.n)
	}
	return 24
}

func appendConcat(buf []byte, v Value) []byte {
	if v.t == tagString {
		return append(buf, v.AsString()...)
	}
	return appendNumber(buf, v)
}

// compareImmediate handles LTI/LEI/GTI/GEI when the register is not a
// number: the immediate becomes a Lua value (a float when the compiler
// marked it so) and the metamethods decide. A Lua metamethod is pushed as
// a frame (see metaRes): only the dispatch loop's slow path calls this.
func (L *State) compareImmediate(i bc.Instruction, a Value) (bool, bool) {
	var imm Value
	if i.C() != 0 {
		imm = Float(float64(i.SB()))
	} else {
		imm = Int(int64(i.SB()))
	}
	switch i.Op() {
	case bc.OpLtI:
		return L.lessThanFrame(a, imm, true)
	case bc.OpLeI:
		return L.lessEqualFrame(a, imm, true)
	case bc.OpGtI:
		return L.lessThanFrame(imm, a, true)
	default:
		return L.lessEqualFrame(imm, a, true)
	}
}

// tryCallMeta makes a non-function callable through __call: the handler is
// inserted below the original value, which becomes its first argument.
func (L *State) tryCallMeta(fnIdx, chain int) {
	// Each link of a __call chain adds an argument; a chain that loops
	// would grow until the stack overflowed, copying the arguments every
	// time, so it is cut short like the __index chains.
	if chain >= maxTagLoop {
		L.runError("'__call' chain too long; possible loop")
	}
	fn := L.stack[fnIdx]
	tm := L.metaOf(fn, tmCall)
	if tm.t == tagNil {
		L.callError(fn)
	}
	L.ensureStack(L.top + 1)
	s := L.stack
	copy(s[fnIdx+1:L.top+1], s[fnIdx:L.top])
	L.top++
	s[fnIdx] = tm
}
