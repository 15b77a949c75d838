package luv

import (
	"container/heap"

	"panto/runtime"
)

// timer is uv_timer_t. Times are loop milliseconds (uv.now): a timer
// started with timeout t is due at now+t, and a repeating one is
// rescheduled at now+repeat when it fires.
type timer struct {
	handle
	cb      runtime.Value
	cbRef   int64
	due     int64
	repeat  int64
	seq     uint64 // start order: ties on due fire in start order
	index   int    // position in the heap, -1 when not scheduled
	started bool
}

func (t *timer) release() {
	t.unschedule()
	t.lp.unref(t.cbRef)
	t.cbRef = 0
	t.cb = runtime.Nil
}

func (t *timer) kill() {}

func (t *timer) unschedule() {
	if t.index >= 0 {
		heap.Remove(&t.lp.timers, t.index)
	}
	t.setActive(false)
}

func (t *timer) schedule(timeout int64) {
	t.unschedule()
	lp := t.lp
	t.due = lp.now + timeout
	lp.timerSeq++
	t.seq = lp.timerSeq
	heap.Push(&lp.timers, t)
	t.setActive(true)
}

func checkTimer(L *runtime.State, n int) *timer {
	if ud := L.Arg(n).AsUserdata(); ud != nil {
		if t, ok := ud.Value.(*timer); ok {
			return t
		}
	}
	L.TypeError(n, "uv_timer_t")
	return nil
}

func (lp *Loop) uvNewTimer(L *runtime.State) int {
	t := &timer{index: -1}
	L.Push(runtime.UserdataValue(lp.newHandle("timer", "uv_timer_t", t)))
	return 1
}

func (lp *Loop) uvTimerStart(L *runtime.State) int {
	t := checkTimer(L, 1)
	timeout := L.CheckInteger(2)
	repeat := L.CheckInteger(3)
	cb := checkCallable(L, 4)
	if t.closing {
		return pushFail(L, uvErrorOf("EINVAL"))
	}
	if timeout < 0 {
		timeout = 0
	}
	if repeat < 0 {
		repeat = 0
	}
	lp.unref(t.cbRef)
	t.cb = cb
	t.cbRef = lp.ref(cb)
	t.repeat = repeat
	t.started = true
	t.schedule(timeout)
	return pushOK(L)
}

func (lp *Loop) uvTimerStop(L *runtime.State) int {
	checkTimer(L, 1).unschedule()
	return pushOK(L)
}

func (lp *Loop) uvTimerAgain(L *runtime.State) int {
	t := checkTimer(L, 1)
	if !t.started || t.closing {
		return pushFail(L, uvErrorOf("EINVAL"))
	}
	if t.repeat > 0 {
		t.schedule(t.repeat)
	} else {
		t.unschedule()
	}
	return pushOK(L)
}

func (lp *Loop) uvTimerSetRepeat(L *runtime.State) int {
	t := checkTimer(L, 1)
	r := L.CheckInteger(2)
	if r < 0 {
		r = 0
	}
	t.repeat = r
	return 0
}

func (lp *Loop) uvTimerGetRepeat(L *runtime.State) int {
	L.Push(runtime.Int(checkTimer(L, 1).repeat))
	return 1
}

func (lp *Loop) uvTimerGetDueIn(L *runtime.State) int {
	t := checkTimer(L, 1)
	var d int64
	if t.active && t.due > lp.now {
		d = t.due - lp.now
	}
	L.Push(runtime.Int(d))
	return 1
}
