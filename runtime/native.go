package runtime

import (
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"unsafe"

	bc "panto/bytecode"
)

// Native prototypes: a prototype may carry a Go implementation, generated
// from its verified bytecode by compiler/gogen. The contract between the
// two is in this file and the package comment (doc.go).
//
// A native function is the dispatch loop specialised for one prototype.
// It runs on the frame the interpreter would use (registers on the Lua
// stack, the callInfo's saved pc, varargs below the frame) and keeps
// nothing of its own between instructions, so the interpreter can take a
// native frame over at any instruction and a native function can start
// at any pc: its entry is a switch on the saved pc that jumps to that
// instruction's label. Every instruction either runs inline (the integer
// and float fast paths, moves, loads, jumps, tests, for loops) or goes
// through Frame.Slow, which runs it with execSlow exactly as the
// interpreter's slow path does: metamethods, errors, pc saving, calls and
// interruption checks are the interpreter's own code. Some instructions
// have a direct method instead (native_ops.go) that calls the same
// functions execSlow would, without its decoding.
//
// A native function returns to execute whenever the frame stops being the
// one to run: a call of an interpreted Lua function (the callee is
// pushed, and execute runs it), a return, a yield, or a hook being set (the
// interpreter goes on with the frame at its saved pc). A return to a
// native caller enters its function again at the saved pc, and so does a
// resume after a yield, after finishOp has completed the interrupted
// instruction. A native function calls a native callee directly (Call),
// nesting Go frames, but only a bounded number of them (maxNativeDepth)
// before it returns to execute; coroutines, error unwinding and
// tracebacks see ordinary frames.

// NativeFunc is the Go implementation of one prototype. It runs frame ci
// of L from ci's saved pc and returns one of the codes Frame's methods
// return (never a pc): generated code returns only what Slow, Jump and
// Exit give it.
type NativeFunc func(L *State, ci *CallInfo) int

// CallInfo is a call frame. Its fields are private to the runtime; native
// functions only pass it back to Frame.Enter.
type CallInfo = callInfo

// nativeHandBack is what a native function returns to have the
// interpreter run the rest of its frame from the saved pc (a hook was set).
const nativeHandBack = -4

// NativeChunk is the native twin of one compiled chunk: its bytecode's
// digest (bytecode.Digest) and one function per prototype, in pre-order
// (the main function, then each nested function's tree in order; nil for
// a prototype left to the interpreter).
type NativeChunk struct {
	Name   string // the chunk name it was generated for, for messages
	Digest string
	Funcs  []NativeFunc
}

// natives is the registry of native chunks by digest. Registrations
// queue in pending and go into the map at the first lookup: the base
// layer registers some thirty chunks from init functions in every
// process, and `panto lua` never looks one up (docs/benchmarks.md,
// "Start-up, fifth pass").
var natives struct {
	sync.RWMutex
	n       atomic.Int32 // registrations so far; 0: nothing to look up
	pending []*NativeChunk
	chunks  map[string]*NativeChunk
}

// RegisterNative makes the native functions of chunk available to every
// State: a chunk loaded later (text or binary) whose bytecode has the same
// digest runs them. Generated packages call it from an init function.
// Registering another chunk under the same digest replaces it.
func RegisterNative(chunk *NativeChunk) {
	natives.Lock()
	defer natives.Unlock()
	natives.pending = append(natives.pending, chunk)
	natives.n.Add(1)
}

// LookupNative returns the native chunk registered under digest, or nil.
func LookupNative(digest string) *NativeChunk {
	natives.RLock()
	if len(natives.pending) == 0 {
		defer natives.RUnlock()
		return natives.chunks[digest]
	}
	natives.RUnlock()
	natives.Lock()
	defer natives.Unlock()
	if natives.chunks == nil {
		natives.chunks = make(map[string]*NativeChunk, len(natives.pending))
	}
	// In registration order, so that a later chunk replaces an earlier
	// one with its digest, as if each had gone into the map at once.
	for _, c := range natives.pending {
		natives.chunks[c.Digest] = c
	}
	natives.pending = nil
	return natives.chunks[digest]
}

// attachNatives gives the prototypes of fp (prepared from p) the native
// functions registered for p's digest, if any. Nothing is hashed while no
// native chunk is registered.
func attachNatives(fp *funcProto, p *bc.Proto) {
	if natives.n.Load() == 0 {
		return
	}
	attachNativesByDigest(fp, bc.Digest(p))
}

// attachNativesByDigest is attachNatives for a prototype whose digest is
// known: the bytecode it was decoded from is at hand (a precompiled
// chunk), so its hash is the digest without encoding the prototype again.
func attachNativesByDigest(fp *funcProto, digest string) {
	chunk := LookupNative(digest)
	if chunk == nil {
		return
	}
	if err := bindNative(fp, chunk); err != nil {
		// Same digest, same tree: only a hand-made chunk gets here.
		panic(err)
	}
}

// bindNative gives fp's tree the functions of chunk, after checking that
// there is one per prototype.
func bindNative(fp *funcProto, chunk *NativeChunk) error {
	var all []*funcProto
	var walk func(*funcProto)
	walk = func(q *funcProto) {
		all = append(all, q)
		for _, s := range q.protos {
			walk(s)
		}
	}
	walk(fp)
	if len(all) != len(chunk.Funcs) {
		return fmt.Errorf("native chunk %s has %d functions for %d prototypes", chunk.Name, len(chunk.Funcs), len(all))
	}
	for i, q := range all {
		q.native = chunk.Funcs[i]
	}
	return nil
}

// HasNative reports whether fn is a Lua function whose prototype runs
// natively.
func HasNative(fn Value) bool {
	return fn.t == tagLuaFn && fn.closure().p.native != nil
}

// Frame is a native function's view of its running frame: where its
// registers, constants and upvalues are. It lives in the native
// function's Go frame (var f Frame; f.Enter(L, ci)); Slow and Jump reload
// it after anything that may move the stack.
type Frame struct {
	L    *State
	ci   *callInfo
	regs unsafe.Pointer // &L.stack[ci.fn+1]
	kb   unsafe.Pointer // &constants[0]
	cl   *Closure
}

// Enter sets f up for frame ci of L, the frame a native function runs.
// (Filled in place rather than returned: copying a freshly written
// struct costs a store-forwarding stall on every call.)
func (f *Frame) Enter(L *State, ci *CallInfo) {
	cl := ci.cl
	f.L, f.ci, f.cl = L, ci, cl
	f.regs = L.regsOf(ci)
	f.kb = unsafe.Pointer(unsafe.SliceData(cl.p.k))
}

// regsOf is frameRegs(ci.fn + 1) without the bounds check, for a frame
// on L's stack: the stack never ends below a frame's registers (a
// frame's top, past them, fits in it when the frame is pushed, and the
// stack only shrinks to what the frames in use need).
func (L *State) regsOf(ci *callInfo) unsafe.Pointer {
	return unsafe.Add(unsafe.Pointer(unsafe.SliceData(L.stack)), uintptr(ci.fn+1)*valueSize)
}

// PC returns the frame's saved pc: where the function starts or goes on.
func (f *Frame) PC() int { return f.ci.pc }

// R returns register i (the verifier keeps it below the frame size).
func (f *Frame) R(i int) *Value { return r(f.regs, i) }

// K returns constant i.
func (f *Frame) K(i int) *Value { return kv(f.kb, i) }

// Up returns the variable upvalue i holds, without the bounds check: the
// verifier keeps i below the prototype's count of upvalues, which is the
// length of every closure's upvals.
func (f *Frame) Up(i int) *Value {
	return (*(**upval)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(f.cl.upvals)), uintptr(i)*unsafe.Sizeof((*upval)(nil))))).v
}

// SetInt stores the integer x in register i.
func (f *Frame) SetInt(i int, x int64) { setInt(r(f.regs, i), x) }

// SetFloat stores the float x in register i.
func (f *Frame) SetFloat(i int, x float64) { setFloat(r(f.regs, i), x) }

// Copy stores register src in register dst.
func (f *Frame) Copy(dst, src int) { copyVal(r(f.regs, dst), r(f.regs, src)) }

// StoreInt, StoreFloat and Move are SetInt, SetFloat and Copy for large
// generated functions. Go inlines nothing whose cost exceeds 20 into a
// function of more than 5,000 nodes, and the large function of a hot loop
// would call the others at every arithmetic instruction; these store the
// whole Value in one assignment, which keeps their cost under 20. In a
// small function the others are better: they skip the pointer store (and
// its write barrier check) when the register holds no pointer already.
func (f *Frame) StoreInt(i int, x int64) {
	*(*Value)(unsafe.Add(f.regs, uintptr(i)*valueSize)) = Value{n: uint64(x), t: tagInt}
}

// StoreFloat is SetFloat for large generated functions (see StoreInt).
func (f *Frame) StoreFloat(i int, x float64) {
	*(*Value)(unsafe.Add(f.regs, uintptr(i)*valueSize)) = Value{n: math.Float64bits(x), t: tagFloat}
}

// Move is Copy for large generated functions (see StoreInt).
func (f *Frame) Move(dst, src int) {
	*(*Value)(unsafe.Add(f.regs, uintptr(dst)*valueSize)) = *(*Value)(unsafe.Add(f.regs, uintptr(src)*valueSize))
}

// Tick counts one tick of the interruption countdown (a call or a
// backward jump) and reports whether it expired.
func (f *Frame) Tick() bool { return f.L.g.interrupt.tick() }

// Slow runs instruction pc completely, as the interpreter's slow path
// does, and returns the pc to go on at, or a code for the native function
// to return: a Lua frame to run (callee or caller), a yield, the end of
// the frame that execute was started for, or a hand-back to the
// interpreter when a hook has been set meanwhile.
func (f *Frame) Slow(pc int) int {
	L, ci := f.L, f.ci
	i := ci.cl.p.code[pc]
	if e := metaDirectOps[i.Op()]; e != 0 {
		if n, ok := f.metaDirect(pc, i, tmEvent(e-1)); ok {
			return f.slowDone(n)
		}
	}
	n := L.execSlow(ci, i, pc+1)
	if n == slowFrame && ci.status&ciMetaPending != 0 {
		n = f.runMetaFrame()
	}
	return f.slowDone(n)
}

// slowDone finishes Slow: a pc goes on in native code unless a hook was
// set meanwhile; codes pass through.
func (f *Frame) slowDone(n int) int {
	if n >= 0 {
		if f.L.hook.mask != 0 {
			f.ci.pc = n
			return nativeHandBack
		}
		f.regs = f.L.frameRegs(f.ci.fn + 1)
	}
	return n
}

// runMetaFrame runs the metamethod that execSlow pushed as a frame above
// the native frame (see pushMetaFrame), when it is native too, as a Go
// call, and completes the waiting instruction as execute would when the
// metamethod returns (finishMetaFrame): the native caller goes on at the
// pc it returns, without going back through execute and its pc switch.
// Anything else (an interpreted metamethod, a yield, a hook, another
// frame pushed by a concatenation) returns what execute must do. The Go
// frames nested here are bounded as Call's are (ndepth), and by the
// C-level call count that pushMetaFrame charges.
func (f *Frame) runMetaFrame() int {
	L, ci := f.L, f.ci
	nci := L.ci
	if nci.prev != ci || nci.status&ciLua == 0 || nci.cl.p.native == nil || ci.ndepth >= maxNativeDepth || L.hook.mask != 0 {
		return slowFrame
	}
	nci.ndepth = ci.ndepth + 1
	n := nci.cl.p.native(L, nci)
	for n == slowFrame && L.ci == nci && nci.cl.p.native != nil && L.hook.mask == 0 {
		n = nci.cl.p.native(L, nci)
	}
	switch {
	case n == nativeHandBack:
		return slowFrame // execute interprets L.ci
	case n != slowFrame || L.ci != ci:
		return n
	}
	L.finishMetaFrame(ci)
	if L.ci != ci {
		return slowFrame // a concatenation pushed its next __concat
	}
	return ci.pc
}

// Jump runs the interruption check of a backward jump from instruction at
// to target whose tick expired (as the interpreter's jumpCheck), and
// returns target, or a hand-back code when a hook was set meanwhile.
func (f *Frame) Jump(at, target int) int {
	L, ci := f.L, f.ci
	L.checkInterruptAtJump(ci, at, target)
	if L.hook.mask != 0 {
		ci.pc = target
		return nativeHandBack
	}
	f.regs = L.frameRegs(ci.fn + 1)
	return target
}

// Exit turns what Slow or Jump returned into the native function's
// result: codes pass through; a pc the generated code did not expect
// (none should be) hands the frame to the interpreter there.
func (f *Frame) Exit(n int) int {
	if n < 0 {
		return n
	}
	f.ci.pc = n
	return nativeHandBack
}

// EqualK reports whether register a equals constant k without
// metamethods (EQK).
func (f *Frame) EqualK(a, k int) bool { return RawEqual(*r(f.regs, a), *kv(f.kb, k)) }

// NumPair returns two number operands as floats (a mixed integer and
// float operation); ok is false unless both are numbers.
func NumPair(x, y *Value) (float64, float64, bool) { return numPair(x, y) }

// IMod is Lua's integer modulo (b != 0).
func IMod(a, b int64) int64 { return imod(a, b) }

// IDiv is Lua's integer floor division (b != 0).
func IDiv(a, b int64) int64 { return idiv(a, b) }

// ShiftLeft is Lua's shift: left by y bits, right for negative y.
func ShiftLeft(x, y int64) int64 { return shiftLeft(x, y) }

// Call runs CALL instruction pc (see CallABC, which generated code calls
// with the operands decoded).
func (f *Frame) Call(pc int) int {
	i := f.ci.cl.p.code[pc]
	return f.CallABC(pc, i.A(), i.B(), i.C())
}

// CallABC runs CALL instruction pc, whose operands are a, b and c. A call
// of a native Lua function is made here, as a Go call, so native code
// calling native code does not go back through execute; when the callee
// returns to this frame CallABC returns pc+1. A Go function runs here
// too. Any other case returns what execute must do: run another Lua
// frame (an interpreted callee, a callee that tail-called or handed its
// frame back), or a yield. The callee is pushed as the dispatch loop
// pushes it, and the call's tick is counted as there.
func (f *Frame) CallABC(pc, a, b, c int) int {
	L, ci := f.L, f.ci
	ra := ci.fn + 1 + a
	if b != 0 {
		L.top = ra + b
	}
	ci.pc = pc + 1
	fn := r(f.regs, a)
	if L.g.interrupt.tick() {
		return f.slowCall(ci.cl.p.code[pc], pc)
	}
	if fn.t != tagLuaFn {
		if fn.t == tagGoFn {
			return f.callGoDirect(fn, ra, c-1, pc)
		}
		return f.slowCall(ci.cl.p.code[pc], pc)
	}
	// enterLua, written out: this is every Lua-to-Lua call.
	ncl := fn.closure()
	p := ncl.p
	nci := ci.next
	ntop := ra + 1 + p.maxStack
	if nci == nil || ntop >= len(L.stack) {
		return f.slowCall(ci.cl.p.code[pc], pc)
	}
	if L.top-ra-1 < p.numParams {
		L.fillParams(ra, p.numParams)
	}
	nci.fn = ra
	nci.nresults = c - 1
	nci.status = ciLua
	nci.top = ntop
	nci.cl = ncl
	nci.pc = 0
	nci.nextraargs = 0
	L.ci = nci
	if p.native == nil {
		return slowFrame
	}
	// The Go frames nested here are bounded by the tick: when it expires,
	// the call goes through slowCall and every native caller returns to
	// execute (see maxNativeDepth).
	nci.ndepth = ci.ndepth
	base := unsafe.SliceData(L.stack)
	n := p.native(L, nci)
	// L, ci and nci are read again through f so that only f, base and pc
	// live across the calls.
	for n == slowFrame {
		L, ci := f.L, f.ci
		if L.ci == ci { // the callee returned: the common case
			// The registers are where they were unless the stack moved.
			if L.hook.mask == 0 && unsafe.SliceData(L.stack) == base {
				return pc + 1
			}
			break
		}
		// The callee's frame is left to run (it tail-called).
		nci := ci.next
		if L.ci != nci || nci.cl.p.native == nil || L.hook.mask != 0 {
			break
		}
		n = nci.cl.p.native(L, nci)
	}
	return f.afterCall(n, pc)
}

// afterCall is the rest of CallABC after its native callee returned n:
// a return with the stack moved or a hook set, or a frame left to run.
func (f *Frame) afterCall(n, pc int) int {
	L, ci := f.L, f.ci
	switch {
	case n == slowFrame && L.ci == ci:
		if L.hook.mask != 0 {
			return nativeHandBack
		}
		f.regs = L.frameRegs(ci.fn + 1)
		return pc + 1
	case n == nativeHandBack:
		return slowFrame // execute interprets L.ci, the callee
	}
	return n
}

// fillParams sets to nil the parameters that the call of the function in
// slot fn leaves without an argument (up to numParams), and moves L.top
// past them. Out of line: CallABC's common case passes them all.
//
//go:noinline
func (L *State) fillParams(fn, numParams int) {
	top := L.top
	for nargs := top - fn - 1; nargs < numParams; nargs++ {
		L.stack[top] = Nil
		top++
	}
	L.top = top
}

// maxNativeDepth bounds the Go frames of native functions that native
// calls nest, so the Go stack stays small however deep the Lua recursion
// goes (the Lua stack's limit bounds that, with "stack overflow" at the
// depth the interpreter gives). A CALL counts a tick, and when the tick
// expires (every checkInterval ticks at most) Call leaves the callee to
// execute, so every native caller returns there: a chain of calls nests
// fewer than checkInterval Go frames. A Lua iterator of a generic for
// counts no tick, so enterLua counts its nesting in ndepth (Call passes
// the count on) and leaves the callee to execute past maxNativeDepth.
// Either way the callers are re-entered through their pc switch later,
// once per so many levels. A frame that execute runs starts again at
// zero: Go-level calls (call, which enters execute) are bounded by
// maxCcalls.
const maxNativeDepth = 100

// slowCall is Call through execSlow, the tick already counted.
func (f *Frame) slowCall(i bc.Instruction, pc int) int {
	L, ci := f.L, f.ci
	n := L.execSlow(ci, i, pc+1)
	if n >= 0 {
		if L.hook.mask != 0 {
			ci.pc = n
			return nativeHandBack
		}
		f.regs = L.frameRegs(ci.fn + 1)
	}
	return n
}

// Return1 runs RETURN1 of register a, as the dispatch loop does (no hook
// is set while native code runs): it returns slowDone when the frame was
// the one execute was started for, else slowFrame.
func (f *Frame) Return1(a int) int {
	L, ci := f.L, f.ci
	L.ci = ci.prev
	fn := ci.fn
	switch nres := ci.nresults; nres {
	case 1: // a call for one value, the common case
		// The function's slot is just below the registers.
		copyVal((*Value)(unsafe.Add(f.regs, -int(valueSize))), r(f.regs, a))
		L.top = fn + 1
	case 0:
		L.top = fn
	default:
		copyVal((*Value)(unsafe.Add(f.regs, -int(valueSize))), r(f.regs, a))
		L.top = fn + 1
		for j := 1; j < nres; j++ {
			L.stack[fn+j] = Nil
			L.top++
		}
	}
	if ci.status&ciFresh != 0 {
		return slowDone
	}
	return slowFrame
}

// ReturnOne is Return1's common case, a caller wanting one value or all
// of them (binary_trees' `{ f(), f() }`), small enough for Go to inline
// into generated code, so that it costs no call. It returns what the
// native function returns (slowFrame, or slowDone for the frame execute
// was started for), or 0 when the caller wants none or several values:
// the generated function then calls Return1.
// (The result is stored as a whole Value: the function's slot below the
// registers holds a pointer, the closure, so copyVal's test would not
// spare the pointer store, and it costs the inliner's budget.)
func (f *Frame) ReturnOne(a int) int {
	ci := f.ci
	if nres := ci.nresults; nres != 1 && nres != -1 {
		return 0
	}
	L := f.L
	L.ci = ci.prev
	*(*Value)(unsafe.Add(f.regs, -int(valueSize))) = *r(f.regs, a)
	L.top = ci.fn + 1
	// slowDone for a frame marked ciFresh, else slowFrame, without a
	// branch.
	return slowFrame - int(ci.status&ciFresh)
}

// ReturnOne's arithmetic relies on these values.
var _ = [1]struct{}{}[slowFrame-ciFresh-slowDone]

// Return0 runs RETURN0 (see Return1).
func (f *Frame) Return0() int {
	L, ci := f.L, f.ci
	L.ci = ci.prev
	fn := ci.fn
	nres := ci.nresults
	L.top = fn
	for j := 0; j < nres; j++ {
		L.stack[fn+j] = Nil
		L.top++
	}
	if ci.status&ciFresh != 0 {
		return slowDone
	}
	return slowFrame
}

// StrField returns the slot of the short string constant k in the table
// t, when t is a table holding a value other than nil under k in the
// key's main position; otherwise nil, and GetField or the slow path
// decides. It is the common hit of GETFIELD and GETTABUP made small
// enough for Go to inline into generated code, where the Frame methods,
// with their collision chains and __index walks, are calls.
func StrField(t, k *Value) *Value {
	if t.t != tagTable {
		return nil
	}
	tb := t.table()
	if tb.node == nil {
		return nil
	}
	n := (*node)(unsafe.Add(unsafe.Pointer(tb.node), uintptr(uint64(k.h)>>(tb.sizeFree>>freeBits))*nodeSize))
	if n.key.p != k.p || n.key.n != k.n || n.key.tn&tagMask != int32(tagString) || n.val.t == tagNil {
		return nil
	}
	return &n.val
}

// IntField returns the slot of index k in the array part of the table
// t when t is a table and that slot holds a value other than nil;
// otherwise nil. It is the common hit of GETI and GETTABLE with an
// integer key, inlined into generated code as StrField is.
func IntField(t *Value, k int64) *Value {
	if t.t != tagTable {
		return nil
	}
	arr := t.table().arr
	if uint64(k)-1 >= uint64(len(arr)) || arr[k-1].t == tagNil {
		return nil
	}
	return &arr[k-1]
}

// IndexField is IntField for a key held in a Value: nil unless k is an
// integer (GETTABLE's common hit).
func IndexField(t, k *Value) *Value {
	if k.t != tagInt {
		return nil
	}
	return IntField(t, int64(k.n))
}

// GetField runs R[a] := R[b][K[k]] when R[b] is a table holding the
// string constant key (or holding nothing there and having no
// metatable), and reports whether it did; else Slow must.
func (f *Frame) GetField(a, b, k int) bool {
	if rb := r(f.regs, b); rb.t == tagTable {
		// indexStr's first step is the probe of the table itself.
		if v, ok := indexStr(rb.table(), kv(f.kb, k)); ok {
			copyVal(r(f.regs, a), v)
			return true
		}
	}
	return false
}

// indexStr is the dispatch loop's walk of an __index chain of tables for
// the string constant key: the value found (Nil's address when absent
// everywhere), or ok false when the slow path must decide (a function in
// the chain, a long chain, a key stored as another copy of the string).
func indexStr(t *Table, key *Value) (*Value, bool) {
	k := key
	inMeta := false
	for step := 0; step < 2*maxFastIndexDepth; step++ {
		h := k.h
		if h == 0 {
			return nil, false
		}
		var v *Value
		if t.node != nil {
			nb := unsafe.Pointer(t.node)
			j := t.mainIndex(h)
			for {
				n := (*node)(unsafe.Add(nb, j*nodeSize))
				if n.key.h == h && n.key.t() == tagString {
					if n.key.p != k.p || n.key.n != k.n {
						return nil, false
					}
					v = &n.val
					break
				}
				d := n.next()
				if d == 0 {
					break
				}
				j += uintptr(d)
			}
		}
		if !inMeta {
			if v != nil && v.t != tagNil {
				return v, true
			}
			mt := t.meta
			if mt == nil || mt.tmAbsent&(1<<tmIndex) != 0 {
				return &Nil, true
			}
			t, k, inMeta = mt, &tmNameValues[tmIndex], true
		} else {
			if v == nil || v.t == tagNil {
				return &Nil, true
			}
			if v.t != tagTable {
				return nil, false
			}
			t, k, inMeta = v.table(), key, false
		}
	}
	return nil, false
}

// GetTabUp is GetField with the table in upvalue u.
func (f *Frame) GetTabUp(a, u, k int) bool {
	if up := f.cl.upvals[u].v; up.t == tagTable {
		t := up.table()
		if v := probeStr(t, kv(f.kb, k)); v != nil && (v.t != tagNil || t.meta == nil) {
			copyVal(r(f.regs, a), v)
			return true
		}
	}
	return false
}

// Self runs SELF with a constant key when the method is in the table
// itself or along an __index chain of tables (see GetField), or, for a
// string, in the table that is the string metatable's __index (the
// string library, for s:sub(...)).
func (f *Frame) Self(a, b, k int) bool {
	rb := *r(f.regs, b)
	if rb.t == tagString {
		return f.selfString(a, rb, kv(f.kb, k))
	}
	if rb.t == tagTable {
		// Methods are usually found along an __index chain; indexStr's
		// first step is the probe of the table itself.
		if v, ok := indexStr(rb.table(), kv(f.kb, k)); ok {
			copyVal(r(f.regs, a), v)
			*r(f.regs, a+1) = rb
			return true
		}
	}
	return false
}

// GetTable runs R[a] := R[b][R[c]] for a table and an integer key or a
// string key, when the value is there or no metatable could supply one
// (see GetField).
func (f *Frame) GetTable(a, b, c int) bool {
	rb, rc := r(f.regs, b), r(f.regs, c)
	if rb.t != tagTable {
		return false
	}
	t := rb.table()
	if rc.t == tagInt {
		if k := int64(rc.n); uint64(k)-1 < uint64(len(t.arr)) {
			if v := t.arr[k-1]; v.t != tagNil || t.meta == nil {
				*r(f.regs, a) = v
				return true
			}
		} else if v := t.getIntHash(k); v.t != tagNil || t.meta == nil {
			*r(f.regs, a) = v
			return true
		}
	} else if rc.t == tagString {
		// Keys built at run time (json's escapes[c]) are other copies of
		// the stored strings: getStr compares bytes when pointers differ.
		if v := t.getStr(*rc); v.t != tagNil || t.meta == nil {
			*r(f.regs, a) = v
			return true
		}
	}
	return false
}

// GetI runs R[a] := R[b][c] for a table, when the value is there (in the
// array part or the hash part) or no metatable could supply one.
func (f *Frame) GetI(a, b, c int) bool {
	if rb := r(f.regs, b); rb.t == tagTable {
		t := rb.table()
		if k := int64(c); uint64(k)-1 < uint64(len(t.arr)) {
			if v := t.arr[k-1]; v.t != tagNil || t.meta == nil {
				*r(f.regs, a) = v
				return true
			}
		} else if v := t.getIntHash(k); v.t != tagNil || t.meta == nil {
			// Past the array part: the hash part, or nil without a
			// metatable (binary_trees' `tree[1]` of a leaf `{}`).
			*r(f.regs, a) = v
			return true
		}
	}
	return false
}

// SetField runs R[a][K[b]] := v (v is RK(C)) when the table already has
// a slot for the key that the store may simply overwrite (a value, or no
// metatable to consult), as the dispatch loop does, or when the key is
// new and its main position free (newField); else Slow must.
func (f *Frame) SetField(a, b int, v *Value) bool {
	if ta := r(f.regs, a); ta.t == tagTable {
		t := ta.table()
		k := kv(f.kb, b)
		if slot := probeStr(t, k); slot != nil {
			if slot.t != tagNil || t.meta == nil {
				copyVal(slot, v)
				if t.tmAbsent != 0 {
					t.keysChanged()
				}
				return true
			}
		} else if t.meta == nil || t.meta.tmAbsent&(1<<tmNewindex) != 0 {
			return newField(t, k, v)
		}
	}
	return false
}

// newField stores v under the short string key k, which probeStr did not
// find in t, when k's main position has never held a key (a
// constructor's fields, an object's first assignments): no chain passes
// through such a node, so k is absent, and it goes where newKey would put
// it, with no growth to charge, as the dispatch loop's newFieldVM. t has
// no __newindex to consult (no metatable, or one known to lack it).
// A collision goes to setStrNoGrow, which stores where setStr would when
// no growth is needed. Anything else (a growth, no hash part, a nil
// value) is left to the slow path.
func newField(t *Table, k, v *Value) bool {
	if h := k.h; h != 0 && k.t == tagString && t.node != nil && v.t != tagNil {
		n := (*node)(unsafe.Add(unsafe.Pointer(t.node), uintptr(uint64(h)>>(t.sizeFree>>freeBits))*nodeSize))
		if n.key.tn == 0 { // no key, and so no chain from here
			n.val = *v
			n.key = nodeKey{p: k.p, n: k.n, h: h, tn: int32(tagString)}
			if t.tmAbsent != 0 {
				t.keysChanged()
			}
			return true
		}
		return t.setStrNoGrow(*k, *v) // a collision: no growth either
	}
	return false
}

// SetTabUp is SetField with the table in upvalue u.
func (f *Frame) SetTabUp(u, b int, v *Value) bool {
	if up := f.cl.upvals[u].v; up.t == tagTable {
		t := up.table()
		if slot := probeStr(t, kv(f.kb, b)); slot != nil && (slot.t != tagNil || t.meta == nil) {
			copyVal(slot, v)
			if t.tmAbsent != 0 {
				t.keysChanged()
			}
			return true
		}
	}
	return false
}

// SetI runs R[a][b] := v for an existing slot of the array part.
func (f *Frame) SetI(a, b int, v *Value) bool {
	if ta := r(f.regs, a); ta.t == tagTable {
		t := ta.table()
		if k := int64(b); uint64(k)-1 < uint64(len(t.arr)) {
			if slot := &t.arr[k-1]; slot.t != tagNil || t.meta == nil {
				copyVal(slot, v)
				return true
			}
		}
	}
	return false
}

// SetTable runs R[a][R[b]] := v as the dispatch loop's fast path does:
// an existing array slot, an append to a sequence with room and no hash
// part or metatable, or an existing string key.
func (f *Frame) SetTable(a, b int, v *Value) bool {
	return f.setKey(a, r(f.regs, b), v)
}

// setKey is SetTable with the key rb anywhere.
func (f *Frame) setKey(a int, rb, v *Value) bool {
	ta := r(f.regs, a)
	if ta.t != tagTable {
		return false
	}
	t := ta.table()
	var slot *Value
	if rb.t == tagInt {
		if k := int64(rb.n); uint64(k)-1 < uint64(len(t.arr)) {
			slot = &t.arr[k-1]
		} else if n := len(t.arr); k == int64(n)+1 && n < cap(t.arr) && t.node == nil && t.meta == nil {
			if v.t != tagNil {
				t.arr = t.arr[:n+1]
				copyVal(&t.arr[n], v)
				return true
			}
		}
	} else if rb.t == tagString {
		slot = probeStr(t, rb)
	}
	if slot != nil && (slot.t != tagNil || t.meta == nil) {
		copyVal(slot, v)
		if rb.t == tagString && t.tmAbsent != 0 {
			t.keysChanged()
		}
		return true
	}
	return false
}

// selfString is Self for a string receiver: the method found in the
// __index table of the string metatable; false when that is not a
// table, or lacks the key (finishGet decides then). The library's names
// are not the constants' copies of the strings, so this compares bytes
// (getStr) where the table paths compare pointers first.
func (f *Frame) selfString(a int, rb Value, key *Value) bool {
	L := f.L
	idx := L.fastTM(L.g.typeMeta[tagString], tmIndex)
	if idx.t != tagTable || key.t != tagString {
		return false
	}
	v := idx.table().getStr(*key)
	if v.t == tagNil {
		return false
	}
	*r(f.regs, a) = v
	*r(f.regs, a+1) = rb
	return true
}
