package runtime

import (
	"context"
	"errors"
	"strings"
	"sync"
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
	flag      atomic.Pointer[InterruptError]
	tripped   error
	// probe is what Probe asked, answered at the next check.
	probe atomic.Pointer[func(string)]

	// wakeMu guards wake, the function that ends the blocking call in
	// progress (Blocking), which Interrupt calls from any goroutine.
	wakeMu sync.Mutex
	wake   func()
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
// string) and the Go error returned to the host. Its text is "interrupted:
// " and the reason, or Message when that is set: the cause of a context
// (context.WithTimeoutCause, so a host can say "ran past --timeout 2s"
// rather than Go's "context deadline exceeded"), or what InterruptMessage
// was given.
type InterruptError struct {
	Reason  string
	Message string
	// Caller places the message as lua.c's "interrupted!" is placed: at
	// the caller of the interrupted function, not the function itself.
	Caller bool
}

func (e *InterruptError) Error() string {
	if e.Message != "" {
		return e.Message
	}
	return "interrupted: " + e.Reason
}

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
// 0 removes the limit. An exhausted budget is forgotten: the new one
// starts afresh (other interruptions stay until ClearInterrupt).
func (L *State) SetBudget(n int64) {
	s := &L.g.interrupt
	s.used = 0
	s.budget = n
	if s.tripped == errBudget {
		s.tripped = nil
	}
	s.arm(0)
}

// TicksUsed returns the ticks counted since the last SetBudget or
// ClearInterrupt: VM calls and backward jumps, and the work Go code
// counted with Tick. Tests use it to check where code was stopped.
func (L *State) TicksUsed() int64 {
	s := &L.g.interrupt
	return s.used + int64(s.armed) - int64(s.countdown)
}

// errBudget is the interruption of an exhausted budget.
var errBudget = &InterruptError{Reason: "instruction budget exhausted"}

// Interrupt asks running code to stop with the given reason. It is safe to
// call from any goroutine.
func (L *State) Interrupt(reason string) {
	L.interrupt(&InterruptError{Reason: reason})
}

// Probe asks the running code where it is, without stopping it: at its
// next interrupt check (within a thousand-odd ticks while Lua runs) f is
// called with "chunk:line" of the innermost Lua function running ("" when
// none has a line), on the goroutine running the code; f must not use
// the state. A host uses it to say where a slow handler is. A later
// Probe replaces one not yet answered. Safe from any goroutine.
func (L *State) Probe(f func(where string)) { L.g.interrupt.probe.Store(&f) }

// runningLine is "chunk:line" of the innermost Lua function of L's stack.
func (L *State) runningLine() string {
	for level := 0; level < 4; level++ {
		if w := L.Where(level); w != "" {
			return strings.TrimSuffix(w, ": ")
		}
	}
	return ""
}

// InterruptMessage is Interrupt with the error's whole text given, and
// placed as the reference's standalone interpreter places the error it
// raises on Ctrl-C: "file:line: " of the interrupted function's caller,
// if that is Lua code, then msg ("interrupted!"). Unlike the other
// interruptions it is raised once, as the reference's hook removes
// itself: a pcall that catches it goes on. Safe from any goroutine.
func (L *State) InterruptMessage(msg string) {
	L.interrupt(&InterruptError{Reason: msg, Message: msg, Caller: true})
}

func (L *State) interrupt(e *InterruptError) {
	s := &L.g.interrupt
	s.flag.Store(e)
	s.wakeMu.Lock()
	if s.wake != nil {
		s.wake()
	}
	s.wakeMu.Unlock()
}

// Blocking runs wait, which blocks outside Lua (reading a terminal or a
// pipe, waiting for a child process), so that the interruptions that do
// not need ticks still stop it: stop is closed when the state's context is
// done, its deadline passes or Interrupt is called, and wait must then
// return promptly (abandoning its read, killing its child). Afterwards the
// interruption, if any, is raised as a Lua error, as at any check. A
// budget of ticks cannot run out while nothing runs, so it does not end a
// wait.
func (L *State) Blocking(wait func(stop <-chan struct{})) {
	s := &L.g.interrupt
	stop := make(chan struct{})
	var once sync.Once
	fire := func() { once.Do(func() { close(stop) }) }
	if s.ctx != nil {
		defer context.AfterFunc(s.ctx, fire)()
	}
	if !s.deadline.IsZero() {
		defer time.AfterFunc(time.Until(s.deadline), fire).Stop()
	}
	s.wakeMu.Lock()
	prev := s.wake
	s.wake = fire
	s.wakeMu.Unlock()
	if s.flag.Load() != nil || s.tripped != nil {
		fire()
	}
	wait(stop)
	s.wakeMu.Lock()
	s.wake = prev
	s.wakeMu.Unlock()
	L.CheckInterruptNow()
}

// CheckInterruptNow looks at the interruption sources at once, rather
// than at the next due check, and raises the interruption if there is one.
func (L *State) CheckInterruptNow() {
	s := &L.g.interrupt
	// Count the ticks used so far, so that the check adds none.
	s.used += int64(s.armed) - int64(s.countdown)
	s.arm(0)
	L.checkInterruptAt(checkInGo)
}

// ClearInterrupt re-arms the interpreter after an interruption.
func (L *State) ClearInterrupt() {
	s := &L.g.interrupt
	s.flag.Store(nil)
	s.tripped = nil
	s.used = 0
	s.arm(0)
}

// Where an interrupt check runs, which decides what an automatic
// collection cycle started there may assume.
const (
	checkAtCall = iota // a call: the top of the stack is exact
	checkAtJump        // a backward jump of the running Lua frame
	checkInGo          // Go code on Lua's behalf (Tick): no cycle there
)

// checkInterrupt runs when the countdown expires at a call, where the top
// of the stack is exact.
func (L *State) checkInterrupt() { L.checkInterruptAt(checkAtCall) }

// checkInterruptAtJump is checkInterrupt at a backward jump (or a for
// loop's step) of the running Lua frame, whose saved pc is where the jump
// lands. There, registers above the frame's active locals are dead: an
// automatic collection cycle started here must not let them keep objects
// alive, as the reference, which collects only where it knows the live top,
// does not.
//
// at is the jump instruction and target where it lands: during the check
// the frame's pc is just past the jump, so that an error or a traceback
// names the jump's line, and the collector knows the live locals at the
// target; afterwards it is the target.
func (L *State) checkInterruptAtJump(ci *callInfo, at, target int) {
	ci.pc = at + 1
	L.g.gc.jumpTarget = target
	L.checkInterruptAt(checkAtJump)
	ci.pc = target
}

// Tick counts n ticks of work that Go code does on Lua's behalf: a
// library function's loop, bytes it copies or allocates, steps of the
// pattern matcher. Budgets, deadlines, contexts and Interrupt then stop it
// as they stop Lua code, by raising the interruption as a Lua error from
// Tick when a check is due. Library functions call it in every loop whose
// length the program controls; a tick is worth about one VM instruction
// (one iteration, or about a kilobyte copied).
//
// Go values the caller holds are invisible to the collector, so no
// automatic collection cycle runs from here.
func (L *State) Tick(n int) {
	// Small enough to be inlined into library loops.
	if s := &L.g.interrupt; uint(n) <= uint(s.countdown) {
		s.countdown -= int32(n)
	} else {
		L.tickSlow(n)
	}
}

// tickSlow is Tick when the countdown runs out (or n is negative).
func (L *State) tickSlow(n int) {
	if n <= 0 {
		return
	}
	s := &L.g.interrupt
	s.countdown = int32(max(int64(s.countdown)-int64(n), -1<<30))
	L.checkInterruptAt(checkInGo)
}

// TickBytes is Tick for work proportional to n bytes (copied, scanned,
// allocated): one tick per kilobyte.
func (L *State) TickBytes(n int) {
	if n >= 1024 {
		L.tickBytes(n)
	}
}

func (L *State) tickBytes(n int) { L.Tick(n >> 10) }

func (L *State) checkInterruptAt(where int) {
	s := &L.g.interrupt
	if p := s.probe.Load(); p != nil && s.probe.CompareAndSwap(p, nil) {
		(*p)(L.runningLine())
	}
	s.used += int64(s.armed) - int64(s.countdown)
	if s.tripped == nil {
		if s.budget > 0 && s.used >= s.budget {
			s.trip(errBudget)
		} else if e := s.flag.Load(); e != nil {
			s.trip(e)
		} else if s.ctx != nil && s.ctx.Err() != nil {
			e := &InterruptError{Reason: s.ctx.Err().Error()}
			if cause := context.Cause(s.ctx); cause != nil && cause != s.ctx.Err() {
				e.Message = cause.Error()
			}
			s.trip(e)
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
	if where != checkInGo {
		L.gcPoll(where == checkAtJump) // a safe point for automatic collection cycles (gc_auto.go)
	}
}

// arm sets the countdown; a check happens after n+1 more ticks.
func (s *interruptState) arm(n int32) {
	s.countdown = n
	s.armed = n
}

func (s *interruptState) trip(err error) { s.tripped = err }

func (L *State) raiseInterrupt(err error) {
	if e, ok := err.(*InterruptError); ok && e.Caller {
		// lua.c raises it once, from a hook that removes itself: code
		// that catches it (a pcall) goes on running, so it is not
		// sticky like the host's interruptions.
		s := &L.g.interrupt
		s.tripped = nil
		s.flag.CompareAndSwap(e, nil)
		// lua.c raises it with luaL_error(L, "interrupted!"), whose
		// position is level 1 seen from the interrupted function: its
		// caller.
		where := ""
		if ci := L.ci.prev; ci != nil && ci.status&ciLua != 0 {
			if line := L.currentLine(ci); line > 0 {
				where = L.chunkLine(ci)
			}
		}
		L.throw(String(where + e.Error()))
	}
	// Raised in Go code working for Lua (a library loop, a blocked read),
	// the error names the line of the Lua code that called it.
	if ci := L.ci; ci.status&ciLua == 0 && ci.prev != nil && ci.prev.status&ciLua != 0 {
		L.throw(String(L.chunkLine(ci.prev) + err.Error()))
	}
	L.runError("%s", err.Error())
}

// Interrupted returns the interruption that stopped the code, if any.
func (L *State) Interrupted() error { return L.g.interrupt.tripped }
