package agent

import (
	"context"
	"errors"
	"sync/atomic"

	"panto/runtime/luv"
)

// errOwnerGone is what a turn sees when the loop it hands work to was
// closed (the session closed or rebuilt its state under it).
var errOwnerGone = errors.New("the session's Lua state was closed")

// owner hands work to the goroutine that owns a Lua state.
type owner struct {
	loop func() *luv.Loop // the current loop (a rebuild makes a new one)
}

// do runs f on the owner and waits for it. It must not be called on the
// owner itself. When ctx ends first, f either never runs (it had not
// started: do returns ctx's error) or has run to its end when do returns
// (it had started: do waits for it and returns nil). So f never runs
// beside its caller, which may go on using what f touches: a turn that
// is cancelled while f writes its reader's state, or opens a stream,
// would otherwise race with f or lose what it made.
func (o owner) do(ctx context.Context, f func()) error {
	lp := o.loop()
	if lp == nil {
		return errOwnerGone
	}
	const (
		pending = iota
		running
		dropped
	)
	var state atomic.Int32
	done := make(chan struct{})
	lp.Post(func() {
		if !state.CompareAndSwap(pending, running) {
			return // the caller gave up before f started
		}
		defer close(done)
		f()
	})
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		if state.CompareAndSwap(pending, dropped) {
			return ctx.Err()
		}
		<-done
		return nil
	}
}

// await runs start on the owner, which must arrange for its signal func
// to be called (on the owner, from any later turn of the loop) when the
// awaited work is complete; await returns then.
func (o owner) await(ctx context.Context, start func(signal func())) error {
	lp := o.loop()
	if lp == nil {
		return errOwnerGone
	}
	done := make(chan struct{})
	lp.Post(func() {
		fired := false
		start(func() {
			if !fired {
				fired = true
				close(done)
			}
		})
	})
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
