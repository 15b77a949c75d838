package agent

import (
	"context"
	"errors"

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
// owner itself. If ctx ends first, f may still run later; do returns
// ctx's error at once.
func (o owner) do(ctx context.Context, f func()) error {
	lp := o.loop()
	if lp == nil {
		return errOwnerGone
	}
	done := make(chan struct{})
	lp.Post(func() {
		f()
		close(done)
	})
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
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
