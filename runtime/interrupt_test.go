package runtime

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func mustLoad(t *testing.T, L *State, src string) Value {
	t.Helper()
	fn, err := L.Load(src, "=test", "t")
	if err != nil {
		t.Fatal(err)
	}
	return fn
}

func TestBudgetStopsLoopWithoutCalls(t *testing.T) {
	L := NewState()
	L.SetBudget(10000)
	_, err := L.PCall(mustLoad(t, L, `local i = 0 while true do i = i + 1 end`))
	if err == nil || !strings.Contains(err.Error(), "instruction budget exhausted") {
		t.Fatalf("got %v, want a budget error", err)
	}
	if !errors.Is(L.Interrupted(), ErrInterrupted) {
		t.Fatalf("Interrupted() = %v", L.Interrupted())
	}
}

func TestInterruptIsStickyAgainstPcall(t *testing.T) {
	L := NewState()
	L.SetBudget(5000)
	// The loop swallows every error with pcall; the interruption must
	// still end it, because it is raised again at the next check.
	_, err := L.PCall(mustLoad(t, L, `
		while true do pcall(function() while true do end end) end`))
	if err == nil {
		t.Fatal("endless pcall loop was not stopped")
	}
	L.ClearInterrupt()
	L.SetBudget(0)
	res, err := L.PCall(mustLoad(t, L, `return 1 + 1`))
	if err != nil || res[0].AsInt() != 2 {
		t.Fatalf("state unusable after ClearInterrupt: %v %v", res, err)
	}
}

func TestContextCancelFromAnotherGoroutine(t *testing.T) {
	L := NewState()
	ctx, cancel := context.WithCancel(context.Background())
	L.SetContext(ctx)
	go func() {
		time.Sleep(10 * time.Millisecond)
		cancel()
	}()
	_, err := L.PCall(mustLoad(t, L, `local function f(n) return n end while true do f(1) end`))
	if err == nil || !strings.Contains(err.Error(), "context canceled") {
		t.Fatalf("got %v", err)
	}
}

func TestAsyncInterrupt(t *testing.T) {
	L := NewState()
	go func() {
		time.Sleep(10 * time.Millisecond)
		L.Interrupt("shutting down")
	}()
	_, err := L.PCall(mustLoad(t, L, `for i = 1, 1e18 do end`))
	if err == nil || !strings.Contains(err.Error(), "interrupted: shutting down") {
		t.Fatalf("got %v", err)
	}
}

func TestDeadline(t *testing.T) {
	L := NewState()
	L.SetDeadline(time.Now().Add(5 * time.Millisecond))
	_, err := L.PCall(mustLoad(t, L, `repeat until false`))
	if err == nil || !strings.Contains(err.Error(), "deadline exceeded") {
		t.Fatalf("got %v", err)
	}
}

func TestBudgetCountsCalls(t *testing.T) {
	L := NewState()
	L.SetBudget(3000)
	// Deep recursion makes progress only through calls.
	_, err := L.PCall(mustLoad(t, L, `local function f(n) if n == 0 then return 0 end return 1 + f(n - 1) end
		for i = 1, 100 do f(100) end`))
	if err == nil {
		t.Fatal("budget did not count calls")
	}
}
