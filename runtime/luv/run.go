package luv

import (
	"container/heap"
	"time"
)

// The turning of the loop. One iteration follows libuv's order where it
// matters to Lua code: due timers first (each timer that was due when the
// iteration began fires once; a timer started with timeout 0 from a
// callback fires on the next iteration), then completions posted by
// goroutines (I/O, fs results, process exits), then close callbacks; then
// the loop blocks until the next timer or the next posted completion,
// and runs what that brought.
//
// Every step checks stop between callbacks, so an entrypoint's driver
// returns as soon as its function finishes, leaving the rest for later.

type runMode int

const (
	runDrive   runMode = iota // an entrypoint awaiting: block while anything is pending
	runDefault                // uv.run("default")
	runOnce                   // uv.run("once")
	runNoWait                 // uv.run("nowait")
	runUntil                  // RunUntil: block until something is posted or due
)

func (lp *Loop) updateTime() { lp.now = time.Since(lp.base).Milliseconds() }

// alive is libuv's notion: referenced active handles, requests in flight,
// or handles waiting for their close callback. uv.run uses it.
func (lp *Loop) alive() bool {
	return lp.activeRefd > 0 || len(lp.reqs) > 0 || len(lp.closing) > 0
}

// pending is what a driver waits for: like alive, but unreferenced
// handles count too (a coroutine may await an unref'd timer), and so do
// completions already posted.
func (lp *Loop) pending() bool {
	return lp.activeAll > 0 || len(lp.reqs) > 0 || len(lp.closing) > 0 || lp.hasPosted()
}

func (lp *Loop) hasPosted() bool {
	lp.mu.Lock()
	defer lp.mu.Unlock()
	return len(lp.posted) > 0
}

// iterate turns the loop once. stop may be nil.
func (lp *Loop) iterate(mode runMode, stop func() bool) {
	if stop == nil {
		stop = func() bool { return false }
	}
	lp.updateTime()
	if lp.runTimers(stop) || lp.runPosted(stop) || lp.runClosing(stop) {
		return
	}
	if lp.closed {
		return
	}
	var block bool
	switch mode {
	case runDrive:
		block = lp.pending()
	case runDefault, runOnce:
		block = !lp.stopFlag && lp.alive()
	case runUntil:
		block = true
	}
	if block && len(lp.closing) == 0 && !lp.hasPosted() {
		lp.wait()
	}
	lp.updateTime()
	if lp.runPosted(stop) || lp.runTimers(stop) {
		return
	}
	lp.runClosing(stop)
}

// wait blocks until the next timer is due or something is posted.
func (lp *Loop) wait() {
	if len(lp.timers) == 0 {
		<-lp.wake
		return
	}
	d := time.Until(lp.base.Add(time.Duration(lp.timers[0].due) * time.Millisecond))
	if d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-lp.wake:
	case <-t.C:
	}
}

// runPosted runs the completions posted so far (not those posted while
// it runs, so a busy producer cannot starve timers). It reports whether
// stop became true.
func (lp *Loop) runPosted(stop func() bool) bool {
	lp.mu.Lock()
	n := len(lp.posted)
	lp.mu.Unlock()
	for ; n > 0; n-- {
		lp.mu.Lock()
		if len(lp.posted) == 0 {
			lp.mu.Unlock()
			break
		}
		f := lp.posted[0]
		lp.posted[0] = nil
		lp.posted = lp.posted[1:]
		lp.mu.Unlock()
		f()
		if stop() {
			return true
		}
	}
	return false
}

// runTimers fires the timers due now. The due set is taken first, so
// timers (re)started by callbacks wait for the next iteration.
func (lp *Loop) runTimers(stop func() bool) bool {
	type due struct {
		t   *timer
		seq uint64
	}
	var ready []due
	for len(lp.timers) > 0 && lp.timers[0].due <= lp.now {
		t := heap.Pop(&lp.timers).(*timer)
		ready = append(ready, due{t, t.seq})
	}
	for i, d := range ready {
		t := d.t
		if t.seq != d.seq || t.index >= 0 || !t.active {
			continue // stopped or restarted by an earlier callback
		}
		if t.repeat > 0 {
			// Rescheduled before the callback, as libuv does, so that
			// the callback can stop it.
			t.due = lp.now + t.repeat
			lp.timerSeq++
			t.seq = lp.timerSeq
			heap.Push(&lp.timers, t)
		} else {
			t.setActive(false)
		}
		lp.invoke(t.owner, t.cb)
		if stop() {
			// Put back the due timers not fired yet.
			for _, r := range ready[i+1:] {
				if r.t.seq == r.seq && r.t.index < 0 && r.t.active {
					heap.Push(&lp.timers, r.t)
				}
			}
			return true
		}
	}
	return false
}

// runClosing finishes the handles closed before this step: they leave
// the loop and their close callbacks run.
func (lp *Loop) runClosing(stop func() bool) bool {
	n := len(lp.closing)
	for i := 0; i < n && len(lp.closing) > 0; i++ {
		h := lp.closing[0]
		lp.closing = lp.closing[1:]
		cb, owner := h.closeCb, h.owner
		lp.dropHandle(h)
		if !cb.IsNil() {
			lp.invoke(owner, cb)
			if stop() {
				return true
			}
		}
	}
	return false
}

// run is uv.run: it returns whether the loop is still alive.
func (lp *Loop) run(mode runMode) bool {
	r := lp.alive()
	if !r {
		lp.updateTime()
	}
	for r && !lp.stopFlag && !lp.closed {
		lp.iterate(mode, nil)
		r = lp.alive()
		if mode == runOnce || mode == runNoWait {
			break
		}
	}
	lp.stopFlag = false
	return r
}

// timerHeap orders timers by due time, then by start order.
type timerHeap []*timer

func (h timerHeap) Len() int { return len(h) }
func (h timerHeap) Less(i, j int) bool {
	if h[i].due != h[j].due {
		return h[i].due < h[j].due
	}
	return h[i].seq < h[j].seq
}
func (h timerHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index = i
	h[j].index = j
}
func (h *timerHeap) Push(x any) {
	t := x.(*timer)
	t.index = len(*h)
	*h = append(*h, t)
}
func (h *timerHeap) Pop() any {
	old := *h
	n := len(old)
	t := old[n-1]
	old[n-1] = nil
	*h = old[:n-1]
	t.index = -1
	return t
}
