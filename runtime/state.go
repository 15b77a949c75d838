package runtime

import (
	"io"
	"os"
	"sync/atomic"
	"unique"
	"unsafe"

	"panto/bytecode"
)

// Limits shared with the reference implementation, so that programs hit
// them at the same depth and with the same messages.
const (
	// maxStack is the largest number of stack slots a thread may use.
	maxStack = 1000000
	// errorStackExtra is the room granted past maxStack to report a stack
	// overflow and run message handlers.
	errorStackExtra = 200
	// minGoStack is the number of free slots a Go function can count on.
	minGoStack = 20
	// maxCcalls bounds nested Go-level calls (Go functions calling Lua,
	// metamethods, resumes, the parser): the Go stack must never overflow.
	maxCcalls = 200
)

// GoFunction is a function written in Go. Fn receives the calling state
// with its arguments at stack positions 1..L.Top(), pushes its results and
// returns how many it pushed (or the value of L.Yield).
type GoFunction struct {
	Fn   func(L *State) int
	Name string
	// Upvalues are values carried by the function, visible to
	// debug.getupvalue; Go closures usually capture Go variables instead.
	Upvalues []Value
	// Fast, when set, is a frameless path that native code takes for a
	// call of the function when no hook is set and the stack has room:
	// it gets the arguments and returns the single result and true, or
	// false to leave the call to Fn. It must be invisible: no error, no
	// yield, no Lua call, no allocation charged to a budget, nothing
	// that a frame, a traceback or debug.getinfo could show; anything
	// else (an argument of another type, an error to raise, a result
	// count other than one) answers false and Fn runs as always.
	Fast func(args []Value) (Value, bool)
	// Fast2 is Fast for a function of one or two results (string.find's
	// positions): it returns them and their count, or a count of zero to
	// leave the call to Fn, under the same rules as Fast. Results the
	// caller does not want are dropped, missing ones are nil.
	Fast2 func(args []Value) (a, b Value, n int)
}

// NewFunction wraps fn as a Lua function value. name is used in error
// messages ("bad argument #1 to 'name'").
func NewFunction(name string, fn func(L *State) int) Value {
	return FunctionValue(&GoFunction{Fn: fn, Name: name})
}

// funcProto is a prototype prepared for execution: the constants are Lua
// values, so the VM never converts them.
type funcProto struct {
	// native runs the prototype as Go code when set (native.go). First,
	// in the cache line of code and k, which a frame's start reads too.
	native    NativeFunc
	code      []bytecode.Instruction
	k         []Value
	protos    []*funcProto
	upvals    []bytecode.UpvalDesc
	numParams int
	isVararg  bool
	maxStack  int
	src       *bytecode.Proto
	// kHandles keeps the string constants' interned copies canonical for
	// as long as the prototype lives (str_intern.go).
	kHandles []unique.Handle[string]
	// methods is the method lookup cache of GETFIELD and SELF
	// (methodcache.go), nil until a walk of an __index chain fills it.
	methods atomic.Pointer[methodSites]
}

// newFuncProto prepares a chunk's main prototype and, recursively, its
// nested ones.
func newFuncProto(p *bytecode.Proto) *funcProto {
	return prepareProto(p, nil)
}

// prepareProto prepares one prototype. longs holds the long string
// constants already made for the chunk: equal long strings of one chunk
// are one object, as the reference's lexer anchors them (string.format's
// "%p" shows it), while short ones are interned anyway.
func prepareProto(p *bytecode.Proto, longs map[string]Value) *funcProto {
	fp := &funcProto{
		code:      p.Code,
		k:         make([]Value, len(p.Constants)),
		protos:    make([]*funcProto, len(p.Protos)),
		upvals:    p.Upvalues,
		numParams: int(p.NumParams),
		isVararg:  p.IsVararg,
		maxStack:  int(p.MaxStackSize),
		src:       p,
	}
	for i, c := range p.Constants {
		switch c.Kind {
		case bytecode.ConstNil:
			fp.k[i] = Nil
		case bytecode.ConstFalse:
			fp.k[i] = False
		case bytecode.ConstTrue:
			fp.k[i] = True
		case bytecode.ConstInt:
			fp.k[i] = Int(c.Int)
		case bytecode.ConstFloat:
			fp.k[i] = Float(c.Float)
		case bytecode.ConstString:
			if len(c.Str) > shortStringLen {
				if longs == nil {
					longs = make(map[string]Value)
				}
				v, ok := longs[c.Str]
				if !ok {
					v, _ = internString(c.Str)
					longs[c.Str] = v
				}
				fp.k[i] = v
				break
			}
			var hd unique.Handle[string]
			fp.k[i], hd = internString(c.Str)
			fp.kHandles = append(fp.kHandles, hd)
		}
	}
	for i, sub := range p.Protos {
		if longs == nil {
			longs = make(map[string]Value)
		}
		fp.protos[i] = prepareProto(sub, longs)
	}
	return fp
}

// Closure is a Lua function: a prototype and its upvalues.
type Closure struct {
	p      *funcProto
	upvals []*upval
}

// upval is a variable captured by closures. While the variable's frame is
// alive the upvalue is open and v points at the stack slot; when the frame
// ends the value moves into closed and v points there.
type upval struct {
	v      *Value
	closed Value
	idx    int    // stack index while open
	next   *upval // next open upvalue, in decreasing idx order
	open   bool
}

// callInfo is one activation record. Records are linked and reused, so a
// call from Lua to Lua allocates nothing once the chain is deep enough.
type callInfo struct {
	fn         int // stack index of the called function
	top        int // end of the frame's slots
	prev, next *callInfo
	nresults   int // results the caller wants, -1 for all
	status     uint16
	// ndepth counts the native Go frames nested below this native
	// frame's own by calls of Lua iterators (native.go, maxNativeDepth):
	// 0 for a frame execute runs.
	ndepth uint16

	// Lua functions.
	cl         *Closure
	pc         int // next instruction, saved when the frame is not running
	nextraargs int // extra arguments of a vararg function
	// metaEpoch is the thread's metaEpoch when the frame's pending
	// metamethod was pushed (ciMetaPending).
	metaEpoch uint32

	// Go functions.
	k          Continuation
	pfn        int // function slot of a yieldable pcall
	ctxStatus  int // error status being recovered by a yieldable pcall
	ctx        int
	oldErrfunc int
	// nyield is the number of values a Go function yielded.
	nyield int
	// transfer records, for hooks, where transferred values start.
	ftransfer, ntransfer int
	// pending is what the Go function charged with ChargeAlloc for
	// buffers it is still building: a mark cannot see them, so a
	// measurement adds it (pendingBytes). Its results are Lua values,
	// counted by marks, once it returns.
	pending int64
}

// Call status bits.
const (
	ciLua         = 1 << iota // a Lua function
	ciFresh                   // the frame was entered by a Go-level call: returning from it ends that execute
	ciYPcall                  // a Go frame doing a yieldable protected call
	ciTail                    // the frame was reused by a tail call
	ciHooked                  // running a hook
	ciFin                     // running a finalizer
	ciClose                   // running __close during a return
	ciLeqFallback             // a __le emulated with __lt is in progress
	ciMetaPending             // the frame's instruction waits for a metamethod run as a frame (pushMetaFrame)
)

// Continuation finishes a Go function after a call it made returned
// through a yield (or an error, for protected calls).
type Continuation func(L *State, status Status, ctx int) int

// Status is the outcome of a protected call or resume.
type Status int

const (
	StatusOK Status = iota
	StatusYield
	StatusRuntimeError
	StatusSyntaxError
	StatusMemoryError
	StatusErrorInHandler
)

// global is the state shared by all threads of one interpreter.
type global struct {
	registry   *Table
	mainThread *State
	typeMeta   [numTags]*Table
	tmNames    [numTMs]Value
	stdout     io.Writer
	stderr     io.Writer
	stdin      io.Reader
	warnOn     bool
	warnCont   bool

	// localWrites counts debug.setlocal's stores, so that native code
	// that keeps registers in Go locals across a call knows whether it
	// must read them again (Frame.LocalWrites).
	localWrites uint64

	interrupt interruptState
	mem       memState // memory accounting and limit (memory.go)

	// collectgarbage settings: Go's collector does the work, these keep
	// the answers the reference gives.
	gcStopped bool
	gcMode    string
	gcPause   int
	gcStepMul int
	gc        gcState // the Lua-level collector (gc.go)

	loaded *Table
	exit   func(code int, close bool)

	// strIdentity holds the canonical copy of each short string whose
	// identity was asked for (State.ToPointer).
	strIdentity map[string]string
}

// State is a Lua thread: the main thread of an interpreter or a coroutine.
// A State must be used by one goroutine at a time.
type State struct {
	stack      []Value
	top        int
	ci         *callInfo
	baseCI     callInfo
	g          *global
	openUpvals *upval
	tbc        []int // stack indexes of pending to-be-closed variables, ascending
	nCcalls    int
	nny        int // non-yieldable calls in progress
	status     Status
	errfunc    int
	// errValue holds the error of a dead coroutine.
	errValue Value

	hook hookState
	// resumer is the thread that resumed this coroutine while it runs.
	resumer *State
	// onClose marks a coroutine whose close is in progress.
	closing bool
	// metaEpoch changes whenever nCcalls is set afresh by a resume (see
	// pushMetaFrame).
	metaEpoch uint32
	// nextHint is where native TForCall's last next continues (see
	// Table.nextHint): a guess, checked against the key before use.
	nextHint int
}

// NewState creates an interpreter with the base and coroutine libraries
// opened.
func NewState() *State {
	L := newBareState()
	OpenBase(L)
	OpenCoroutine(L)
	return L
}

// newBareState creates an interpreter with no libraries.
func newBareState() *State {
	g := &global{
		registry:  NewTable(2, 4),
		stdout:    os.Stdout,
		stderr:    os.Stderr,
		stdin:     os.Stdin,
		gcMode:    "incremental",
		gcPause:   200,
		gcStepMul: 100,
		mem:       newMemState(DefaultMemoryLimit()),
	}
	g.tmNames = tmNameValues
	L := &State{g: g, nny: 1}
	g.mainThread = L
	L.initStack()
	globals := NewTable(0, 64)
	g.registry.SetInt(registryMainThread, ThreadValue(L))
	g.registry.SetInt(registryGlobals, TableValue(globals))
	g.loaded = NewTable(0, 16)
	g.registry.SetStr("_LOADED", TableValue(g.loaded))
	return L
}

// Registry indexes used by the reference too.
const (
	registryMainThread = 1
	registryGlobals    = 2
)

func (L *State) initStack() {
	L.stack = make([]Value, 2*minGoStack+5)
	L.top = 1 // slot 0 holds the base frame's function (nil)
	L.baseCI = callInfo{fn: 0, top: 1 + minGoStack, nresults: 0}
	L.ci = &L.baseCI
}

// SetOutput redirects print, io.write's default and warnings.
func (L *State) SetOutput(stdout, stderr io.Writer) {
	L.g.stdout = stdout
	L.g.stderr = stderr
}

// SetInput sets the reader behind io.stdin.
func (L *State) SetInput(stdin io.Reader) { L.g.stdin = stdin }

// Stdout returns the writer print uses.
func (L *State) Stdout() io.Writer { return L.g.stdout }

// Stderr returns the writer for warnings and errors.
func (L *State) Stderr() io.Writer { return L.g.stderr }

// Stdin returns the reader behind io.stdin.
func (L *State) Stdin() io.Reader { return L.g.stdin }

// SetExitHandler sets what os.exit does (see stdlib.SetExit). Without a
// handler os.exit refuses with an error, which is what an embedded host
// wants: a script must not end the host process.
func (L *State) SetExitHandler(f func(code int, close bool)) { L.g.exit = f }

// ExitHandler returns the handler set by SetExitHandler, or nil.
func (L *State) ExitHandler() func(code int, close bool) { return L.g.exit }

// Globals returns the global table.
func (L *State) Globals() *Table {
	return L.g.registry.GetInt(registryGlobals).table()
}

// Registry returns the registry table.
func (L *State) Registry() *Table { return L.g.registry }

// MainThread returns the main thread of the interpreter.
func (L *State) MainThread() *State { return L.g.mainThread }

// Loaded returns package.loaded (registry._LOADED).
func (L *State) Loaded() *Table { return L.g.loaded }

// newThread creates a coroutine sharing L's globals.
func (L *State) newThread() *State {
	L.charge(int64(unsafe.Sizeof(State{})) + int64(2*minGoStack+5)*int64(valueSize))
	co := &State{g: L.g}
	co.initStack()
	co.hook = L.hook.inherit()
	return co
}

// nextCI returns the record for a call one level deeper, reusing records.
func (L *State) nextCI() *callInfo {
	ci := L.ci
	if ci.next == nil {
		n := &callInfo{prev: ci}
		ci.next = n
	}
	ci = ci.next
	L.ci = ci
	return ci
}

// ensureStack makes sure the stack has at least n slots, growing it (and
// fixing open upvalues) if needed. It raises "stack overflow" past the
// limit.
func (L *State) ensureStack(n int) {
	if n <= len(L.stack) {
		return
	}
	L.growStack(n)
}

func (L *State) growStack(n int) {
	size := len(L.stack)
	if size > maxStack {
		// Already using the extra room to report an overflow.
		L.throwStatus(StatusErrorInHandler, String("error in error handling"))
	}
	if n <= maxStack {
		newSize := 2 * size
		if newSize < n {
			newSize = n
		}
		if newSize > maxStack {
			newSize = maxStack
		}
		L.reallocStack(newSize)
		return
	}
	L.reallocStack(maxStack + errorStackExtra)
	L.runError("stack overflow")
}

func (L *State) reallocStack(size int) {
	if size > len(L.stack) {
		L.charge(int64(size-len(L.stack)) * int64(valueSize))
	}
	s := make([]Value, size)
	copy(s, L.stack)
	L.stack = s
	for uv := L.openUpvals; uv != nil; uv = uv.next {
		uv.v = &s[uv.idx]
	}
}

// shrinkStack gives back the extra room granted to report a stack
// overflow once the error has been handled, so the next overflow is
// reported as such and not as an error while handling one.
func (L *State) shrinkStack() {
	if len(L.stack) <= maxStack {
		return
	}
	need := L.top
	for ci := L.ci; ci != nil; ci = ci.prev {
		if ci.top > need {
			need = ci.top
		}
	}
	if need+minGoStack < maxStack {
		L.reallocStack(max(need+minGoStack, maxStack/2))
	}
}

// checkStack makes room for n more values above top.
func (L *State) checkStack(n int) {
	L.ensureStack(L.top + n)
}

// push appends v at the top of the stack.
func (L *State) push(v Value) {
	if L.top >= len(L.stack) {
		L.growOne()
	}
	L.stack[L.top] = v
	L.top++
}

// growOne is push's growth of the stack by one slot, out of line: push
// is then small enough for the compiler to inline (the library's pushes,
// string.find's two results, cost about 28 instructions through a call).
//
//go:noinline
func (L *State) growOne() { L.growStack(L.top + 1) }

// findUpval returns the open upvalue for stack slot idx, creating it.
func (L *State) findUpval(idx int) *upval {
	var prev *upval
	uv := L.openUpvals
	for uv != nil && uv.idx >= idx {
		if uv.idx == idx {
			return uv
		}
		prev = uv
		uv = uv.next
	}
	n := &upval{v: &L.stack[idx], idx: idx, open: true, next: uv}
	if prev == nil {
		L.openUpvals = n
	} else {
		prev.next = n
	}
	return n
}

// closeUpvals closes every open upvalue at or above stack slot level.
func (L *State) closeUpvals(level int) {
	for uv := L.openUpvals; uv != nil && uv.idx >= level; uv = L.openUpvals {
		uv.closed = *uv.v
		uv.v = &uv.closed
		uv.open = false
		L.openUpvals = uv.next
		uv.next = nil
	}
}
