// Package loop is the event loop that owns a Lua state: the three kinds
// of entrypoints (coroutine, driven, synchronous) and the luv subset that
// require("luv") returns. See docs/luv.md.
package loop

import (
	"context"
	"errors"

	"panto/runtime"
)

// Loop owns a Lua state. Everything touching Lua runs on the goroutine
// that calls its methods (the loop owner); background work (timers, fs,
// processes) runs on goroutines and posts completions back to the owner.
type Loop struct {
	L *runtime.State
}

// New makes require("luv") work for L, bound to the new loop.
func New(L *runtime.State) *Loop { return &Loop{L: L} }

// CallCoroutine is the coroutine entrypoint (tool handlers).
func (lp *Loop) CallCoroutine(ctx context.Context, fn runtime.Value, args ...runtime.Value) ([]runtime.Value, error) {
	return nil, errors.New("not implemented")
}

// CallDriven is the driven entrypoint (activation, slash commands).
func (lp *Loop) CallDriven(ctx context.Context, fn runtime.Value, args ...runtime.Value) ([]runtime.Value, error) {
	return nil, errors.New("not implemented")
}

// CallSync is the synchronous entrypoint (on handlers, components,
// protocol callbacks).
func (lp *Loop) CallSync(ctx context.Context, fn runtime.Value, args ...runtime.Value) ([]runtime.Value, error) {
	return nil, errors.New("not implemented")
}

// Close stops timers, kills child processes and releases handles.
func (lp *Loop) Close() {}
