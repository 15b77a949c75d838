package runtime

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// Interruption lets the host stop running Lua code: a context, a deadline,
// a budget of ticks, or an asynchronous Interrupt call. The VM counts a
// tick at every call and every backward jump, so a loop without calls is
// stopped too; it looks at the interrupt sources only every checkInterval
// ticks, so the cost when nothing is set is one decrement and branch.
//
// Once triggered, an interruption is sticky: every later check raises it
// again until ClearInterrupt, so Lua code that catches the error with pcall
// cannot keep running.

const checkInterval = 1024

type interruptState struct {
	countdown int32
	armed     int32
	used      int64 // ticks counted at past checks
	budget    int64 // 0 = none
	ctx       context.Context
	deadline  time.Time
	flag      atomic.Pointer[string]
	tripped   error
}

// tick counts one tick and reports whether it is time to check.
func (s *interruptState) tick() bool {
	s.countdown--
	return s.countdown < 0
}

// ErrInterrupted is the base of every interruption error, so hosts can use
// errors.Is.
var ErrInterrupted = errors.New("interrupted")

// InterruptError is the Lua error value raised by an interruption (as a
// string) and the Go error returned to the host.
type InterruptError struct{ Reason string }

func (e *InterruptError) Error() string { return "interrupted: " + e.Reason }

// Is makes errors.Is(err, ErrInterrupted) hold.
func (e *InterruptError) Is(target error) bool { return target == ErrInterrupted }

// SetContext makes running code stop with an error once ctx is done.
func (L *State) SetContext(ctx context.Context) {
	L.g.interrupt.ctx = ctx
	L.g.interrupt.arm(0)
}

// SetDeadline makes running code stop with an error after t (zero clears).
func (L *State) SetDeadline(t time.Time) {
	L.g.interrupt.deadline = t
	L.g.interrupt.arm(0)
}

// SetBudget limits running code to n more ticks (calls and backward jumps);
// 0 removes the limit.
func (L *State) SetBudget(n int64) {
	s := &L.g.interrupt
	s.used = 0
	s.budget = n
	s.arm(0)
}

// Interrupt asks running code to stop with the given reason. It is safe to
// call from any goroutine.
func (L *State) Interrupt(reason string) {
	L.g.interrupt.flag.Store(&reason)
}

// ClearInterrupt re-arms the interpreter after an interruption.
func (L *State) ClearInterrupt() {
	s := &L.g.interrupt
	s.flag.Store(nil)
	s.tripped = nil
	s.used = 0
	s.arm(0)
}

// checkInterrupt runs when the countdown expires at a call or in Go code,
// where the top of the stack is exact.
func (L *State) checkInterrupt() { L.checkInterruptAt(false) }

// checkInterruptAtJump is checkInterrupt at a backward jump (or a for
// loop's step) of the running Lua frame, whose saved pc is where the jump
// lands. There, registers above the frame's active locals are dead: an
// automatic collection cycle started here must not let them keep objects
// alive, as the reference, which collects only where it knows the live top,
// does not.
func (L *State) checkInterruptAtJump() { L.checkInterruptAt(true) }

func (L *State) checkInterruptAt(atJump bool) {
	s := &L.g.interrupt
	s.used += int64(s.armed) - int64(s.countdown)
	if s.tripped == nil {
		if s.budget > 0 && s.used >= s.budget {
			s.trip(&InterruptError{Reason: "instruction budget exhausted"})
		} else if r := s.flag.Load(); r != nil {
			s.trip(&InterruptError{Reason: *r})
		} else if s.ctx != nil && s.ctx.Err() != nil {
			s.trip(&InterruptError{Reason: s.ctx.Err().Error()})
		} else if !s.deadline.IsZero() && time.Now().After(s.deadline) {
			s.trip(&InterruptError{Reason: "deadline exceeded"})
		}
	}
	if s.tripped != nil {
		s.arm(0)
		L.raiseInterrupt(s.tripped)
	}
	next := int64(checkInterval)
	if s.budget > 0 && s.budget-s.used < next {
		next = s.budget - s.used
	}
	s.arm(int32(next) - 1)
	L.gcPoll(atJump) // a safe point for automatic collection cycles (gc_auto.go)
}

// arm sets the countdown; a check happens after n+1 more ticks.
func (s *interruptState) arm(n int32) {
	s.countdown = n
	s.armed = n
}

func (s *interruptState) trip(err error) { s.tripped = err }

func (L *State) raiseInterrupt(err error) {
	L.runError("%s", err.Error())
}

// Interrupted returns the interruption that stopped the code, if any.
func (L *State) Interrupted() error { return L.g.interrupt.tripped }
