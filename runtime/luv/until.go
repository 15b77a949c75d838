package luv

import (
	"context"

	"panto/runtime"
)

// RunUntil turns the loop until done reports true or ctx ends, blocking
// while nothing is due. It is how a host waits for work outside Lua (a
// model's HTTP stream read on another goroutine, which Posts what it
// reads) while the loop keeps serving timers, callbacks and pending
// coroutines, as libuv's loop would. It must be called on the owner,
// outside any entrypoint's Lua code. The error is ctx's, or ErrClosed.
func (lp *Loop) RunUntil(ctx context.Context, done func() bool) error {
	if ctx == nil {
		ctx = context.Background()
	}
	prev := lp.driveCtx
	lp.driveCtx = ctx
	defer func() { lp.driveCtx = prev }()
	stop := context.AfterFunc(ctx, func() { lp.Post(func() {}) })
	defer stop()
	stopIter := func() bool { return done() || ctx.Err() != nil }
	for !done() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if lp.closed {
			return ErrClosed
		}
		lp.iterate(runUntil, stopIter)
	}
	return nil
}

// StartTagged is Start with a tag attached to the entrypoint: Tag,
// called from Go functions that this entrypoint's Lua code (or anything
// it starts) calls, returns it. The host tags each tool call with the
// agent it runs for, which is how panto.ext.agent resolves its lane.
func (lp *Loop) StartTagged(ctx context.Context, tag any, fn runtime.Value, args ...runtime.Value) *Task {
	c := lp.newCall(ctx, kindCoroutine)
	c.tag = tag
	lp.begin(c, fn, args)
	return &Task{c: c}
}

// Tag returns the tag of the innermost tagged entrypoint whose code is
// running (following each entrypoint to the one that started it), or
// nil.
func (lp *Loop) Tag() any {
	for c := lp.cur; c != nil; c = c.parent {
		if c.tag != nil {
			return c.tag
		}
	}
	return nil
}

// OnDone arranges for f to be called, on the owner, as soon as the
// task's function finishes (at once when it has). f must not run Lua:
// it is called from inside the loop's bookkeeping. A session uses it to
// learn that a tool call finished without polling.
func (t *Task) OnDone(f func()) {
	if t.c.done {
		f()
		return
	}
	prev := t.c.onDone
	t.c.onDone = func() {
		if prev != nil {
			prev()
		}
		f()
	}
}

// CanAwait reports whether Lua running on L can await (Await would yield
// to the loop instead of blocking it): not on the main thread, and not
// directly in a synchronous entrypoint's coroutine. Go functions whose
// wait depends on the owner turning the loop must refuse to wait when it
// cannot, or the owner would wait for itself.
func (lp *Loop) CanAwait(L *runtime.State) bool {
	return L.IsYieldable() && !(lp.cur != nil && lp.cur.kind == kindSync && lp.cur.co == L)
}
