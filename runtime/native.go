package runtime

import (
	"fmt"
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
// interruption checks are the interpreter's own code.
//
// A native function returns to execute whenever the frame stops being the
// one to run: a call of a Lua function (the callee is pushed, and execute
// runs it, native or not), a return, a yield, or a hook being set (the
// interpreter goes on with the frame at its saved pc). A return to a
// native caller enters its function again at the saved pc, and so does a
// resume after a yield, after finishOp has completed the interrupted
// instruction. Calls therefore never nest Go frames for Lua-to-Lua calls,
// and coroutines, error unwinding and tracebacks see ordinary frames.

// NativeFunc is the Go implementation of one prototype. It runs frame ci
// of L from ci's saved pc and returns one of the codes Frame's methods
// return (never a pc): generated code returns only what Slow, Jump and
// Exit give it.
type NativeFunc func(L *State, ci *CallInfo) int

// CallInfo is a call frame. Its fields are private to the runtime; native
// functions only pass it back to State.NativeFrame.
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

// natives is the registry of native chunks by digest.
var natives struct {
	sync.RWMutex
	n      atomic.Int32
	chunks map[string]*NativeChunk
}

// RegisterNative makes the native functions of chunk available to every
// State: a chunk loaded later (text or binary) whose bytecode has the same
// digest runs them. Generated packages call it from an init function.
// Registering another chunk under the same digest replaces it.
func RegisterNative(chunk *NativeChunk) {
	natives.Lock()
	defer natives.Unlock()
	if natives.chunks == nil {
		natives.chunks = make(map[string]*NativeChunk)
	}
	if _, ok := natives.chunks[chunk.Digest]; !ok {
		natives.n.Add(1)
	}
	natives.chunks[chunk.Digest] = chunk
}

// LookupNative returns the native chunk registered under digest, or nil.
func LookupNative(digest string) *NativeChunk {
	natives.RLock()
	defer natives.RUnlock()
	return natives.chunks[digest]
}

// attachNatives gives the prototypes of fp (prepared from p) the native
// functions registered for p's digest, if any. Nothing is hashed while no
// native chunk is registered.
func attachNatives(fp *funcProto, p *bc.Proto) {
	if natives.n.Load() == 0 {
		return
	}
	chunk := LookupNative(bc.Digest(p))
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
// function's Go frame; Slow and Jump reload it after anything that may
// move the stack.
type Frame struct {
	L    *State
	ci   *callInfo
	regs unsafe.Pointer // &L.stack[ci.fn+1]
	kb   unsafe.Pointer // &constants[0]
	up   []*upval
}

// NativeFrame returns the Frame of ci, the frame a native function runs.
func (L *State) NativeFrame(ci *CallInfo) Frame {
	cl := ci.cl
	return Frame{L: L, ci: ci, regs: L.frameRegs(ci.fn + 1), kb: unsafe.Pointer(unsafe.SliceData(cl.p.k)), up: cl.upvals}
}

// PC returns the frame's saved pc: where the function starts or goes on.
func (f *Frame) PC() int { return f.ci.pc }

// R returns register i (the verifier keeps it below the frame size).
func (f *Frame) R(i int) *Value { return r(f.regs, i) }

// K returns constant i.
func (f *Frame) K(i int) *Value { return kv(f.kb, i) }

// Up returns the variable upvalue i holds.
func (f *Frame) Up(i int) *Value { return f.up[i].v }

// SetInt stores the integer x in register i.
func (f *Frame) SetInt(i int, x int64) { setInt(r(f.regs, i), x) }

// SetFloat stores the float x in register i.
func (f *Frame) SetFloat(i int, x float64) { setFloat(r(f.regs, i), x) }

// Copy stores register src in register dst.
func (f *Frame) Copy(dst, src int) { copyVal(r(f.regs, dst), r(f.regs, src)) }

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
	n := L.execSlow(ci, ci.cl.p.code[pc], pc+1)
	if n >= 0 {
		if L.hook.mask != 0 {
			ci.pc = n
			return nativeHandBack
		}
		f.regs = L.frameRegs(ci.fn + 1)
	}
	return n
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
