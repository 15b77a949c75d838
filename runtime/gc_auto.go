package runtime

import (
	"runtime"
	"sync/atomic"
	"time"
)

// Automatic cycles. A long-running host that never calls collectgarbage
// must still see weak tables shrink and finalizers run, or the garbage
// they hold would only grow. The reference runs its collector in steps
// paced by allocation; here Go's collector does the allocation pacing and
// tells us: after each Go collection (a sign that the heap grew by the
// GOGC ratio) a Lua cycle is requested, and the interpreter runs it at the
// next safe point, provided the state has something to collect for: an
// object marked for finalization since the last cycle (objects marked
// earlier and still alive then, like the standard files, are not a reason
// to mark the heap again and again), a finalizer still pending, or a weak
// table.
//
// Safe points:
//   - every 1024 ticks of the VM (calls and backward jumps), through the
//     interrupt check: the mark runs there, and the finalizers it finds run
//     on a separate, internal thread, because the interrupted Lua frame may
//     be in the middle of an instruction whose stack must not move;
//   - setmetatable when it registers a finalizer: the finalizers run on the
//     calling thread, as after collectgarbage.
//
// To bound the cost on large heaps, a requested cycle waits until the time
// since the previous one is at least nine times what that one took, so
// automatic marking stays under about a tenth of the running time.

// gcNotifier turns Go collections into a flag. Its sentinel object is
// collected at each Go cycle; the cleanup raises the flag and arms a new
// sentinel, until stopped. The notifier does not reference the state, so
// an abandoned state can still be collected; its notifier then re-arms
// only until stop is called or the program ends (one tiny object per Go
// cycle).
type gcNotifier struct {
	pending atomic.Bool
	stopped atomic.Bool
}

type gcSentinel struct {
	_ *int // has a pointer, so it is not batched by the tiny allocator
	_ [2]uintptr
}

func (n *gcNotifier) arm() {
	s := &gcSentinel{}
	runtime.AddCleanup(s, func(n *gcNotifier) {
		if n.stopped.Load() {
			return
		}
		n.pending.Store(true)
		n.arm()
	}, n)
}

// startNotifier starts watching Go collections, once per state.
func (gs *gcState) startNotifier() {
	if gs.notifier != nil || gs.closing {
		return
	}
	gs.notifier = &gcNotifier{}
	gs.notifier.arm()
}

func (gs *gcState) stopNotifier() {
	if gs.notifier != nil {
		gs.notifier.stopped.Store(true)
	}
}

// gcPoll is the VM's safe point (see checkInterrupt): one atomic load
// when nothing is requested. atJump tells that the running Lua frame is
// stopped at a backward jump (checkInterruptAtJump).
func (L *State) gcPoll(atJump bool) {
	if n := L.g.gc.notifier; n != nil && n.pending.Load() {
		L.autoCycle(true, atJump)
	}
}

// gcPollGo is the safe point of Go functions (setmetatable).
func (L *State) gcPollGo() {
	if n := L.g.gc.notifier; n != nil && n.pending.Load() {
		L.autoCycle(false, false)
	}
}

// autoCycle runs a requested cycle when allowed. fromVM tells that the
// running frame is paused inside the VM loop, so finalizers must not run
// on L's stack; atJump that it is paused at a backward jump (gcPoll).
func (L *State) autoCycle(fromVM, atJump bool) {
	g := L.g
	gs := &g.gc
	if gs.inFin || gs.inCycle || gs.closing || g.gcStopped {
		return // stays requested
	}
	if gs.newFin == 0 && len(gs.tobefnz) == 0 && !gs.weakSeen {
		gs.notifier.pending.Store(false)
		return
	}
	if gs.lastDur > 0 && time.Since(gs.lastEnd) < 9*gs.lastDur {
		return // stays requested; pacing
	}
	gs.notifier.pending.Store(false)
	// Where the running frame's live registers end: at a call the top
	// is exact; at a backward jump only the active locals are live.
	gs.runningTop = 0
	if fromVM {
		gs.runningTop = L.top
		if atJump {
			if live, ok := L.liveAtJump(); ok {
				gs.runningTop = live
			} else {
				gs.runningTop = 0 // no debug information: the whole frame
			}
		}
	}
	L.gcCycle()
	gs.runningTop = 0
	if len(gs.tobefnz) == 0 {
		return
	}
	if !fromVM {
		L.runFinalizers()
		return
	}
	co := L.newThread()
	co.nCcalls = L.nCcalls
	co.nny = 1
	co.hook = hookState{}
	co.runFinalizers()
}
