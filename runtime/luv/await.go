package luv

import (
	"context"

	"panto/runtime"
)

// Await lets a Go function called from Lua wait for outside work without
// blocking the loop: it is used as
//
//	return lp.Await(L, func() (func() []runtime.Value, error) { ... })
//
// work runs on a new goroutine and must not touch Lua; the func it returns
// builds the Go function's results, on the loop owner. Meanwhile the
// calling coroutine is suspended and the loop runs other callbacks; an
// error from work is raised in the coroutine as a Lua error. The request
// keeps the loop alive and belongs to the running entrypoint (dropped if
// it is abandoned).
//
// Where the caller cannot yield (a synchronous entrypoint, the main
// thread), work runs inline and blocks the owner: the function still
// works, it just does not await.
func (lp *Loop) Await(L *runtime.State, work func() (func() []runtime.Value, error)) int {
	push := func(L *runtime.State, mk func() []runtime.Value, err error) int {
		if err != nil {
			L.Errorf("%s", err.Error())
		}
		if mk == nil {
			return 0
		}
		vals := mk()
		L.CheckStack(len(vals))
		L.Push(vals...)
		return len(vals)
	}
	if !L.IsYieldable() || (lp.cur != nil && lp.cur.kind == kindSync && lp.cur.co == L) {
		mk, err := work()
		return push(L, mk, err)
	}
	co := L
	coRef := lp.ref(runtime.ThreadValue(co))
	r := lp.newRequest()
	var (
		mk   func() []runtime.Value
		werr error
	)
	go func() {
		m, err := work()
		lp.Post(func() {
			lp.unref(coRef)
			owner, ok := lp.finishRequest(r)
			if !ok {
				return
			}
			mk, werr = m, err
			if lp.L.CoroutineStatus(co) != "suspended" {
				return // closed or resumed by someone else meanwhile
			}
			lp.slice(owner, func() { lp.resumeThread(owner, co) })
		})
	}()
	return L.YieldK(0, 0, func(L *runtime.State, _ runtime.Status, _ int) int {
		return push(L, mk, werr)
	})
}

// Context is the context of the entrypoint whose Lua code is running
// (background when none is): Go work a Lua call starts through Await
// should stop when it is done, as the call it belongs to was cancelled.
func (lp *Loop) Context() context.Context {
	if lp.runCtx == nil {
		return context.Background()
	}
	return lp.runCtx
}

// resumeThread resumes a suspended coroutine from the loop. An entrypoint
// coroutine catches its own errors; any other coroutine's error is the
// resumer's, here the loop's: it fails owner, or is reported.
func (lp *Loop) resumeThread(owner *call, co *runtime.State) {
	st, n := co.Resume(lp.L, 0)
	if st == runtime.StatusOK || st == runtime.StatusYield {
		co.Pop(n)
		return
	}
	v := co.Get(-1)
	co.Pop(1)
	e := lp.luaError(v, co.Traceback("", 0), lp.ctxFor(owner))
	if owner != nil && !owner.done {
		lp.abandon(owner, e)
		return
	}
	lp.report(e)
}
