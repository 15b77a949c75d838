// Package luv is the event loop that owns a Lua state: the three kinds
// of entrypoints (coroutine, driven, synchronous) and the luv subset that
// require("luv") returns (docs/luv.md lists it).
//
// One goroutine owns the loop and the state: the one that calls the
// methods of Loop. Lua code, callbacks and every luv function run there.
// Work that would block (file system calls given a callback, waiting for
// a child process, reading and writing pipes) runs on goroutines that
// never touch Lua; each posts a completion, a Go func, which the owner
// runs the next time it turns the loop. The loop turns only while the
// owner is inside an entrypoint that awaits (CallCoroutine, CallDriven,
// Task.Wait) or inside uv.run; between calls nothing runs, and posted
// completions wait.
//
// Lua "awaits" by yielding the coroutine an entrypoint runs in; a luv
// callback resumes it (the await_stat pattern of the extensions
// reference). Errors and cancellation are confined to the entrypoint
// they belong to: the handles and requests a failed or cancelled
// entrypoint created are released (timers stopped, child processes
// killed, pipes closed, pending completions dropped) and its coroutine
// is closed, and the state stays usable for later calls.
package luv

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"panto/internal/childproc"
	"panto/runtime"
)

// Errors an entrypoint can return (wrapped in *Error; use errors.Is).
var (
	// ErrMustNotAwait is what a synchronous entrypoint returns when the
	// function yields: the spec's exact wording.
	ErrMustNotAwait = errors.New("yielded, but this entrypoint must not await; its caller needs the result now")
	// ErrStalled means the function yielded but nothing in the loop
	// (no active handle, no pending request) could ever resume it.
	ErrStalled = errors.New("yielded, but nothing in the loop can resume it (no active handles or pending requests)")
	// ErrClosed is returned by calls on a closed loop.
	ErrClosed = errors.New("the event loop is closed")
)

// Error is an error raised by Lua code run from an entrypoint, or the
// reason the entrypoint was abandoned.
//
// Message is what Lua's error() produced: for a string error raised from
// Lua code it starts with "chunk:line: ", so the position is in the
// message itself and Error() returns just that (no traceback, which would
// clutter tool results). Traceback holds luaL_traceback's "stack
// traceback:" block taken where the error was raised, for logs.
//
// Unwrap gives the causes: runtime.ErrInterrupted (through a
// *runtime.InterruptError) when a context, a budget or Interrupt stopped
// the code, the context's error when it was cancelled, and ErrMustNotAwait,
// ErrStalled or ErrClosed for those conditions.
type Error struct {
	Message   string
	Traceback string
	Value     runtime.Value // the Lua error value (nil when not raised by Lua)
	causes    []error
}

func (e *Error) Error() string { return e.Message }

// Unwrap returns the causes (see Error).
func (e *Error) Unwrap() []error { return e.causes }

// Loop owns a Lua state. Everything touching Lua runs on the goroutine
// that calls these methods (the loop owner); background work (timers, fs,
// processes) runs on goroutines and posts completions back to the owner.
// A Loop is not safe for concurrent use, except Post, which any goroutine
// may call.
type Loop struct {
	// L is the main thread of the state. Callbacks run on it; entrypoints
	// run on coroutines created from it.
	L *runtime.State

	// mu guards the posted queue and closedQ, which goroutines touch.
	mu      sync.Mutex
	posted  []func()
	closedQ bool
	wake    chan struct{} // one pending wake-up is enough

	base     time.Time // origin of loop time (uv.now)
	now      int64     // loop time in ms, cached per iteration
	timers   timerHeap
	timerSeq uint64

	handles    map[*handle]struct{} // open handles (not yet closed)
	closing    []*handle            // handles waiting for their close callback
	activeRefd int                  // active and referenced handles: keep uv.run alive
	activeAll  int                  // active handles, referenced or not
	reqs       map[*request]struct{}

	stopFlag bool // uv.stop
	closed   bool

	cur      *call           // the entrypoint whose Lua code is running, owner of new handles
	driveCtx context.Context // context of the innermost drive
	runCtx   context.Context // context given to the state for the running slice

	budget  int64
	onError func(error)

	// callTimeout bounds each entrypoint on its own (SetCallTimeout).
	callTimeout  time.Duration
	timeoutCause func(time.Duration) error

	refs    *runtime.Table // anchors Lua values held by Go (see ref)
	refFree []int64
	refNext int64

	module *runtime.Table // the luv table, built on first require
	metas  map[string]*runtime.Table
	fds    map[int]*fdEntry

	// sandbox is what a spawn with the sandbox option runs under (nil:
	// nothing; see SetSandbox).
	sandbox *childproc.Sandbox

	syncPool []*runtime.State // finished threads of synchronous entrypoints, for reuse
}

// New makes require("luv") work for this state (package.preload.luv),
// bound to the new loop. It can be called before or after the package
// library is opened: the preload table lives in the registry.
func New(L *runtime.State) *Loop {
	M := L.MainThread()
	lp := &Loop{
		L:       M,
		wake:    make(chan struct{}, 1),
		base:    time.Now(),
		handles: make(map[*handle]struct{}),
		reqs:    make(map[*request]struct{}),
		metas:   make(map[string]*runtime.Table),
		fds:     make(map[int]*fdEntry),
		refs:    runtime.NewTable(0, 0),
		refNext: 1,
	}
	reg := M.Registry()
	reg.SetStr("panto.loop.refs", runtime.TableValue(lp.refs))
	preload := reg.GetStr("_PRELOAD").AsTable()
	if preload == nil {
		preload = runtime.NewTable(0, 4)
		reg.SetStr("_PRELOAD", runtime.TableValue(preload))
	}
	preload.SetStr("luv", runtime.NewFunction("luaopen_luv", func(L *runtime.State) int {
		L.Push(runtime.TableValue(lp.luvModule()))
		return 1
	}))
	return lp
}

// SetBudget limits every slice of Lua execution the loop starts (an
// entrypoint running until it returns or yields, one callback) to n VM
// ticks; a slice that goes over fails with an interruption, which fails
// the entrypoint it belongs to. 0 (the default) sets no limit and leaves
// the state's own budget alone. A per-slice limit stops endless loops
// without penalising a handler that awaits for a long time.
func (lp *Loop) SetBudget(n int64) { lp.budget = n }

// SetCallTimeout bounds each entrypoint call on its own, from its start to
// its end, awaits included (0: no bound): one that runs longer fails, its
// Lua code interrupted wherever it is. cause makes the error the call
// fails with (nil: context.DeadlineExceeded), so that a host can say what
// limit it was ("ran past --timeout 2s"). Nested entrypoints get their own
// bound, inside their caller's.
func (lp *Loop) SetCallTimeout(d time.Duration, cause func(time.Duration) error) {
	lp.callTimeout = d
	lp.timeoutCause = cause
}

// SetErrorHandler sets where errors go that belong to no running
// entrypoint: a callback failing after the entrypoint that created its
// handle has returned, or one created outside any entrypoint. The default
// writes the message and traceback to the state's stderr. (luv would exit
// the process; a host must not.)
func (lp *Loop) SetErrorHandler(f func(error)) { lp.onError = f }

// Post queues f to run on the loop owner the next time the loop turns.
// It is safe from any goroutine and never blocks; after Close it does
// nothing. A posted func does not keep the loop alive: to wait for
// outside work, use Go.
func (lp *Loop) Post(f func()) {
	lp.mu.Lock()
	if lp.closedQ {
		lp.mu.Unlock()
		return
	}
	lp.posted = append(lp.posted, f)
	lp.mu.Unlock()
	select {
	case lp.wake <- struct{}{}:
	default:
	}
}

// Go runs work on a new goroutine and then, on the loop owner, the func
// it returns (which may call Lua, on behalf of the entrypoint that called
// Go). Until then the request keeps the loop alive, so a coroutine
// awaiting it is not reported as stalled. It must be called on the owner
// (typically from a Go function called by Lua); the request belongs to
// the running entrypoint and is dropped if that entrypoint is abandoned.
// work must not touch Lua.
func (lp *Loop) Go(work func() (complete func())) {
	r := lp.newRequest()
	go func() {
		done := work()
		lp.Post(func() {
			owner, ok := lp.finishRequest(r)
			if !ok || done == nil {
				return
			}
			lp.slice(owner, done)
		})
	}()
}

// ---------------------------------------------------------------------------
// Entrypoints

type callKind int

const (
	kindCoroutine callKind = iota
	kindDriven
	kindSync
)

// call is one entrypoint invocation.
type call struct {
	lp      *Loop
	kind    callKind
	ctx     context.Context
	parent  *call // the entrypoint that was running when this one started
	co      *runtime.State
	coRef   int64
	done    bool
	results []runtime.Value
	err     *Error
	owned   int // handles and requests this call owns
	stopCtx func() bool
	// cancelTimeout releases the call's own timeout (SetCallTimeout).
	cancelTimeout context.CancelFunc

	// Set by the body when fn raised an error.
	tb string
	// tag is what StartTagged attached (nil otherwise); Tag finds it.
	tag any
	// onDone is called once, on the owner, when the call finishes.
	onDone func()
}

// setDone marks the call finished and tells whoever asked (Task.OnDone).
func (c *call) setDone() {
	c.done = true
	if f := c.onDone; f != nil {
		c.onDone = nil
		f()
	}
}

// Task is a coroutine entrypoint started with Start and not yet awaited.
// Several tasks can be pending at once (parallel tool calls): waiting for
// one turns the loop, which advances them all.
type Task struct{ c *call }

// Start runs fn as a coroutine entrypoint up to its first yield (or its
// end) and returns without waiting for it to finish. Wait drives the loop
// until it does.
func (lp *Loop) Start(ctx context.Context, fn runtime.Value, args ...runtime.Value) *Task {
	c := lp.newCall(ctx, kindCoroutine)
	lp.begin(c, fn, args)
	return &Task{c: c}
}

// Done reports whether the task's function has finished (or failed).
func (t *Task) Done() bool { return t.c.done }

// Wait turns the loop until the task's function finishes, and returns its
// results. It returns as soon as the function finishes, even if other
// handles remain active.
func (t *Task) Wait() ([]runtime.Value, error) {
	c := t.c
	lp := c.lp
	lp.drive(c)
	return lp.end(c)
}

// CallCoroutine is the coroutine entrypoint (tool handlers): fn runs as a
// coroutine and may await luv work (yield, resumed by a luv callback); the
// loop runs until fn finishes.
func (lp *Loop) CallCoroutine(ctx context.Context, fn runtime.Value, args ...runtime.Value) ([]runtime.Value, error) {
	return lp.Start(ctx, fn, args...).Wait()
}

// CallDriven is the driven entrypoint (activation, slash commands): it
// can be used before anything else has run the loop, and fn may await;
// the call drives the loop until fn finishes. In this implementation the
// loop only turns inside such calls, so it behaves as CallCoroutine; the
// two are kept apart because the host's contracts differ (a tool handler
// is dispatched into a running loop in the reference host).
func (lp *Loop) CallDriven(ctx context.Context, fn runtime.Value, args ...runtime.Value) ([]runtime.Value, error) {
	c := lp.newCall(ctx, kindDriven)
	lp.begin(c, fn, args)
	lp.drive(c)
	return lp.end(c)
}

// CallSync is the synchronous entrypoint (on handlers, components,
// protocol callbacks): fn runs to completion without the loop turning. If
// it yields to the entrypoint (awaits), the call fails with the spec's
// error "yielded, but this entrypoint must not await; its caller needs the
// result now" and the coroutine is closed. Coroutines that fn creates and
// resumes itself may yield freely.
func (lp *Loop) CallSync(ctx context.Context, fn runtime.Value, args ...runtime.Value) ([]runtime.Value, error) {
	c := lp.newCall(ctx, kindSync)
	lp.begin(c, fn, args)
	if !c.done {
		tb := ""
		if c.co != nil {
			tb = c.co.Traceback("", 0)
		}
		lp.abandon(c, &Error{Message: ErrMustNotAwait.Error(), Traceback: tb, causes: []error{ErrMustNotAwait}})
	}
	return lp.end(c)
}

func (lp *Loop) newCall(ctx context.Context, kind callKind) *call {
	if ctx == nil {
		ctx = context.Background()
	}
	c := &call{lp: lp, kind: kind, ctx: ctx, parent: lp.cur}
	if d := lp.callTimeout; d > 0 {
		var cause error
		if lp.timeoutCause != nil {
			cause = lp.timeoutCause(d)
		}
		c.ctx, c.cancelTimeout = context.WithTimeoutCause(ctx, d, cause)
		ctx = c.ctx
	}
	if ctx.Done() != nil {
		// A cancelled context wakes the loop and abandons the call; Lua
		// code running at that moment is stopped by the interrupt check
		// (SetContext in slice).
		c.stopCtx = context.AfterFunc(ctx, func() {
			lp.Post(func() {
				if !c.done {
					e := ctxError(ctx)
					if c.co != nil {
						e.Traceback = c.co.Traceback("", 0) // where it was waiting
					}
					lp.abandon(c, e)
				}
			})
		})
	}
	return c
}

// begin starts fn on a fresh coroutine and runs it to its first yield.
func (lp *Loop) begin(c *call, fn runtime.Value, args []runtime.Value) {
	if lp.closed {
		c.setDone()
		c.err = &Error{Message: ErrClosed.Error(), causes: []error{ErrClosed}}
		return
	}
	if c.ctx.Err() != nil {
		c.setDone()
		c.err = ctxError(c.ctx)
		return
	}
	lp.updateTime() // the loop may have been idle: timers start from now
	var co *runtime.State
	if n := len(lp.syncPool); n > 0 && c.kind == kindSync {
		co = lp.syncPool[n-1]
		lp.syncPool = lp.syncPool[:n-1]
	} else {
		co = lp.L.NewThread()
	}
	c.co = co
	c.coRef = lp.ref(runtime.ThreadValue(co))
	co.Push(runtime.FunctionValue(&runtime.GoFunction{Name: "entrypoint", Fn: c.body}), fn)
	co.Push(args...)
	lp.slice(c, func() { lp.resume(c, len(args)+1) })
}

// body is the coroutine's main function: a yieldable protected call of
// fn, so that an error is caught inside the coroutine and recorded here
// however the coroutine was resumed (by the loop, or by a Lua callback's
// coroutine.resume, whose caller would otherwise receive the error).
func (c *call) body(L *runtime.State) int {
	n := L.Top() // fn and its arguments
	L.Push(runtime.FunctionValue(&runtime.GoFunction{Name: "traceback", Fn: c.handler}))
	L.Insert(1)
	st := L.PCallK(n-1, -1, 1, 0, c.finish)
	return c.finish(L, st, 0)
}

// handler is the message handler of body's protected call: it records
// the traceback at the point of the error and keeps the error value.
func (c *call) handler(L *runtime.State) int {
	c.tb = L.Traceback("", 1)
	L.SetTop(1)
	return 1
}

// finish completes body, directly or as its continuation after yields.
func (c *call) finish(L *runtime.State, st runtime.Status, _ int) int {
	if !c.done {
		if st == runtime.StatusOK || st == runtime.StatusYield {
			n := L.Top() - 1
			c.results = make([]runtime.Value, n)
			for i := range n {
				c.results[i] = L.Get(2 + i)
			}
		} else {
			c.err = c.lp.luaError(L.Get(-1), c.tb, c.ctx)
		}
		c.setDone()
	}
	L.SetTop(0)
	return 0
}

// resume resumes c's coroutine from Go with the nargs values on its top.
func (lp *Loop) resume(c *call, nargs int) {
	co := c.co
	st, n := co.Resume(lp.L, nargs)
	switch st {
	case runtime.StatusOK, runtime.StatusYield:
		co.Pop(n)
	default:
		// The body itself failed (C stack overflow, an error in the
		// message handler): the coroutine is dead.
		v := co.Get(-1)
		co.Pop(1)
		if !c.done {
			c.setDone()
			c.err = lp.luaError(v, "", c.ctx)
		}
	}
}

// drive turns the loop until c is done.
func (lp *Loop) drive(c *call) {
	prev := lp.driveCtx
	lp.driveCtx = c.ctx
	defer func() { lp.driveCtx = prev }()
	stop := func() bool { return c.done }
	for !c.done {
		if lp.closed {
			lp.abandon(c, &Error{Message: ErrClosed.Error(), causes: []error{ErrClosed}})
			break
		}
		if !lp.pending() {
			tb := c.co.Traceback("", 0)
			lp.abandon(c, &Error{Message: ErrStalled.Error(), Traceback: tb, causes: []error{ErrStalled}})
			break
		}
		lp.iterate(runDrive, stop)
	}
}

// end finishes a call: what it owns is released (failure) or handed
// over (success), its coroutine is closed, and the results are returned.
func (lp *Loop) end(c *call) ([]runtime.Value, error) {
	if c.stopCtx != nil {
		c.stopCtx()
		c.stopCtx = nil
	}
	if c.cancelTimeout != nil {
		c.cancelTimeout()
		c.cancelTimeout = nil
	}
	if c.err != nil {
		lp.release(c)
	} else if c.owned > 0 {
		// Handles outlive a successful entrypoint (a timer started in
		// activate keeps running); they now belong to the enclosing one.
		lp.handOver(c, c.parent)
	}
	lp.closeCoroutine(c)
	if c.err != nil {
		return nil, c.err
	}
	return c.results, nil
}

// abandon ends c with err before its function finished: what it owns is
// released and its coroutine is closed, so that no callback can resume
// it later.
func (lp *Loop) abandon(c *call, err *Error) {
	if c.done {
		return
	}
	c.setDone()
	c.err = err
	c.results = nil
	lp.release(c)
	lp.closeCoroutine(c)
}

// closeCoroutine closes c's coroutine, so that no callback can resume it
// later, and drops its anchor. A coroutine that is running or normal (c
// was abandoned from code nested inside it) is left for end to close.
func (lp *Loop) closeCoroutine(c *call) {
	if c.co == nil {
		return
	}
	if c.kind == kindSync && c.done && c.err == nil && len(lp.syncPool) < 4 &&
		lp.L.CoroutineStatus(c.co) == "dead" {
		// A synchronous entrypoint's coroutine that returned is empty
		// and reusable (components render many times a second). Only
		// synchronous ones: a pooled thread is never suspended, so a
		// stale callback resuming it fails as it would on a dead one.
		lp.syncPool = append(lp.syncPool, c.co)
		lp.unref(c.coRef)
		c.co = nil
		return
	}
	var closed bool
	// __close methods run here, as Lua code: not under an interruption
	// that would fail them at once.
	lp.withClearedInterrupt(func() { closed, _ = lp.L.CloseCoroutine(c.co) })
	if !closed {
		return
	}
	lp.unref(c.coRef)
	c.co = nil
}

// withClearedInterrupt runs f (which runs Lua cleanup code) with no
// interruption pending and no context, then restores the context of the
// code that was running.
func (lp *Loop) withClearedInterrupt(f func()) {
	L := lp.L
	L.ClearInterrupt()
	L.SetContext(nil)
	f()
	L.ClearInterrupt()
	L.SetContext(lp.runCtx)
}

// slice runs Lua code on behalf of owner: new handles belong to owner,
// its context interrupts the code, the budget applies, and an
// interruption is cleared afterwards so the state stays usable.
func (lp *Loop) slice(owner *call, f func()) {
	L := lp.L
	prevCur := lp.cur
	lp.cur = owner
	lp.setCtx(lp.ctxFor(owner))
	if lp.budget > 0 {
		L.SetBudget(lp.budget)
	}
	f()
	if ip := L.Interrupted(); ip != nil {
		if owner != nil && !owner.done {
			lp.abandon(owner, lp.luaError(runtime.String(ip.Error()), "", owner.ctx))
		}
		L.ClearInterrupt()
	}
	lp.cur = prevCur
	lp.setCtx(lp.ctxFor(prevCur))
}

func (lp *Loop) setCtx(ctx context.Context) {
	lp.runCtx = ctx
	lp.L.SetContext(ctx)
}

func (lp *Loop) ctxFor(c *call) context.Context {
	if c != nil {
		return c.ctx
	}
	return lp.driveCtx
}

// invoke calls a luv callback on the main thread on behalf of owner. An
// error fails owner if it is still running, else goes to the error
// handler.
func (lp *Loop) invoke(owner *call, fn runtime.Value, args ...runtime.Value) {
	if owner != nil && owner.done {
		owner = nil // the entrypoint returned; its leftovers are nobody's
	}
	lp.slice(owner, func() {
		_, e, ok := lp.pcall(fn, args...)
		if ok {
			return
		}
		interrupted := lp.L.Interrupted() != nil
		if owner != nil {
			if !owner.done {
				lp.abandon(owner, e)
			}
			return
		}
		if !interrupted {
			lp.report(e)
		}
	})
}

func (lp *Loop) report(e *Error) {
	if lp.onError != nil {
		lp.onError(e)
		return
	}
	w := lp.L.Stderr()
	if w == nil {
		w = io.Discard
	}
	fmt.Fprintf(w, "luv callback error: %s\n%s\n", e.Message, e.Traceback)
}

// pcall calls fn on the main thread with a message handler that records
// the traceback. It works from the host and from inside Go functions.
func (lp *Loop) pcall(fn runtime.Value, args ...runtime.Value) ([]runtime.Value, *Error, bool) {
	L := lp.L
	var tb string
	h := runtime.NewFunction("traceback", func(L *runtime.State) int {
		tb = L.Traceback("", 1)
		L.SetTop(1)
		return 1
	})
	top := L.Top()
	L.CheckStack(len(args) + 2)
	L.Push(h, fn)
	L.Push(args...)
	st := L.PCallStack(len(args), -1, top+1)
	if st != runtime.StatusOK {
		v := L.Get(-1)
		L.SetTop(top)
		return nil, lp.luaError(v, tb, lp.ctxFor(lp.cur)), false
	}
	n := L.Top() - top - 1
	res := make([]runtime.Value, n)
	for i := range n {
		res[i] = L.Get(top + 2 + i)
	}
	L.SetTop(top)
	return res, nil, true
}

// luaError turns a Lua error value into an *Error with its causes.
func (lp *Loop) luaError(v runtime.Value, tb string, ctx context.Context) *Error {
	msg := errorString(lp.L, v)
	e := &Error{Message: msg, Traceback: tb, Value: v}
	if ip := lp.L.Interrupted(); ip != nil {
		e.causes = append(e.causes, ip)
		if ctx != nil && ctx.Err() != nil {
			e.causes = append(e.causes, ctx.Err())
		}
	}
	return e
}

func errorString(L *runtime.State, v runtime.Value) string {
	switch {
	case v.IsString() || v.IsNumber():
		return L.ToString(v)
	case v.IsNil():
		return "nil"
	}
	if mt := L.Metatable(v); mt != nil && !mt.GetStr("__tostring").IsNil() {
		return L.ToString(v)
	}
	return fmt.Sprintf("(error object is a %s value)", v.TypeName())
}

// ctxError is the error of an entrypoint abandoned because its context
// ended while it was awaiting.
func ctxError(ctx context.Context) *Error {
	err := ctx.Err()
	reason := err.Error()
	ie := &runtime.InterruptError{Reason: reason}
	if cause := context.Cause(ctx); cause != nil && cause != err {
		ie.Message = cause.Error() // "ran past --timeout 2s"
	}
	return &Error{
		Message: ie.Error(),
		causes:  []error{err, ie},
	}
}

// ---------------------------------------------------------------------------
// Ownership

// release cancels what c owns: handles are closed (child processes
// killed first) and requests dropped.
func (lp *Loop) release(c *call) {
	if c.owned == 0 {
		return
	}
	for h := range lp.handles {
		if h.owner == c && !h.closing {
			h.abandon()
		}
	}
	for r := range lp.reqs {
		if r.owner == c {
			lp.cancelRequest(r)
		}
	}
}

// handOver gives what from owns to to (nil: nobody).
func (lp *Loop) handOver(from, to *call) {
	for h := range lp.handles {
		if h.owner == from {
			h.setOwner(to)
		}
	}
	for r := range lp.reqs {
		if r.owner == from {
			r.setOwner(to)
		}
	}
}

// request is an operation in flight (an fs call with a callback, a pipe
// write, Go work): it keeps the loop alive until its completion runs.
type request struct {
	owner     *call
	cancelled bool
}

func (r *request) setOwner(c *call) {
	if r.owner != nil {
		r.owner.owned--
	}
	r.owner = c
	if c != nil {
		c.owned++
	}
}

func (lp *Loop) newRequest() *request {
	r := &request{}
	r.setOwner(lp.cur)
	lp.reqs[r] = struct{}{}
	return r
}

// finishRequest retires r and reports whether its completion should run,
// and on behalf of which entrypoint.
func (lp *Loop) finishRequest(r *request) (*call, bool) {
	if r.cancelled {
		return nil, false
	}
	owner := r.owner
	delete(lp.reqs, r)
	r.setOwner(nil)
	return owner, !lp.closed
}

func (lp *Loop) cancelRequest(r *request) {
	r.cancelled = true
	delete(lp.reqs, r)
	r.setOwner(nil)
}

// ---------------------------------------------------------------------------
// References

// ref anchors v in a registry table while Go holds it, so that the Lua
// collector (weak tables, finalizers) sees it as reachable.
func (lp *Loop) ref(v runtime.Value) int64 {
	if v.IsNil() {
		return 0
	}
	var id int64
	if n := len(lp.refFree); n > 0 {
		id = lp.refFree[n-1]
		lp.refFree = lp.refFree[:n-1]
	} else {
		id = lp.refNext
		lp.refNext++
	}
	lp.refs.SetInt(id, v)
	return id
}

func (lp *Loop) unref(id int64) {
	if id == 0 {
		return
	}
	lp.refs.SetInt(id, runtime.Nil)
	lp.refFree = append(lp.refFree, id)
}

// ---------------------------------------------------------------------------
// Close

// Close stops timers, kills child processes and releases handles and
// open files. Pending entrypoints cannot exist (they run on the owner,
// which is calling Close); later calls fail with ErrClosed. Closing twice
// does nothing.
func (lp *Loop) Close() {
	if lp.closed {
		return
	}
	lp.closed = true
	lp.mu.Lock()
	lp.closedQ = true
	lp.posted = nil
	lp.mu.Unlock()
	for h := range lp.handles {
		h.abandon()
	}
	for h := range lp.handles {
		lp.dropHandle(h)
	}
	lp.closing = nil
	for r := range lp.reqs {
		lp.cancelRequest(r)
	}
	lp.timers = nil
	for fd, e := range lp.fds {
		e.f.Close()
		delete(lp.fds, fd)
	}
}
