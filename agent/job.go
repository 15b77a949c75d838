package agent

import (
	"context"
	"encoding/json"
	"errors"
	"runtime"
	"sync"

	"panto/agent/conv"
)

// Job is an owned agent's background turn (agent:run_async). Its turn
// runs on one OS thread of its own and never touches the Lua state:
// events are buffered for next_event, the settled result waits for
// result, and the tools it dispatches (dispatch_tools) run on the owner
// like any tool call. A job is closed by close (idempotent), by the
// session's end, or when Lua collects it.
type Job struct {
	a      *Agent
	s      *Session
	cancel context.CancelFunc
	wakeFD int
	meta   json.RawMessage

	mu     sync.Mutex
	events []Event
	result *Result
	closed bool
	done   chan struct{}
}

// JobOptions are run_async's options.
type JobOptions struct {
	Metadata      json.RawMessage
	DispatchTools bool
	// WakeFD, when not negative, gets one byte written each time an event
	// is buffered and when the job settles, so Lua can wait on it with
	// luv instead of polling.
	WakeFD int
}

// RunAsync starts a job. It refuses the borrowed session agent, a second
// live job, agents with their own register_tool handlers (a job cannot
// run Lua; select shared tools with set_tools), and a running turn.
func (a *Agent) RunAsync(ctx context.Context, blocks []conv.Block, o JobOptions) (*Job, error) {
	if a.borrowed {
		return nil, errors.New("run_async refuses the borrowed session agent (panto.ext.agent); make an owned agent with panto.agent { ... }")
	}
	a.mu.Lock()
	switch {
	case a.job != nil && !a.job.settled():
		a.mu.Unlock()
		return nil, errors.New("run_async: this agent already has a live job; wait for its result or close it first")
	case len(a.local) > 0:
		a.mu.Unlock()
		return nil, errors.New("run_async refuses agents with their own register_tool handlers: a job never touches the Lua state; give the agent shared tools with set_tools instead")
	case a.running:
		a.mu.Unlock()
		return nil, errBusy
	case a.model == nil:
		a.mu.Unlock()
		return nil, errors.New("run_async: the agent has no model (pass config = panto.ext.resolve_model { ... })")
	}
	a.mu.Unlock()
	tctx, err := a.begin(ctx)
	if err != nil {
		return nil, err
	}
	tctx, cancel := context.WithCancel(tctx)
	j := &Job{a: a, s: a.sess, cancel: cancel, wakeFD: o.WakeFD, meta: o.Metadata, done: make(chan struct{})}
	a.mu.Lock()
	a.job = j
	if len(o.Metadata) > 0 {
		a.meta = o.Metadata
	}
	a.mu.Unlock()
	a.sess.mu.Lock()
	a.sess.jobs = append(a.sess.jobs, j)
	a.sess.mu.Unlock()
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		t := &turn{a: a, s: a.sess, ctx: tctx, ev: jobEvents{j}, dispatch: o.DispatchTools, purpose: "agent"}
		res := t.run(blocks)
		a.end()
		j.settle(res)
	}()
	return j, nil
}

// jobEvents buffers a job's events.
type jobEvents struct{ j *Job }

func (e jobEvents) hostEvents() bool { return false }
func (e jobEvents) emit(ev Event) {
	e.j.mu.Lock()
	if !e.j.closed {
		e.j.events = append(e.j.events, ev)
	}
	e.j.mu.Unlock()
	e.j.wake()
}

// wake writes the wake byte; a full pipe or a closed descriptor is not
// the job's problem.
func (j *Job) wake() {
	if j.wakeFD >= 0 {
		writeWake(j.wakeFD)
	}
}

func (j *Job) settle(res Result) {
	j.mu.Lock()
	j.result = &res
	j.mu.Unlock()
	close(j.done)
	j.wake()
	if lp := j.s.loop(); lp != nil {
		lp.Post(func() {})
	}
}

func (j *Job) settled() bool {
	select {
	case <-j.done:
		return true
	default:
		return false
	}
}

// Metadata is what run_async was given.
func (j *Job) Metadata() json.RawMessage { return j.meta }

// NextEvent pops the oldest buffered event.
func (j *Job) NextEvent() (Event, bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if len(j.events) == 0 {
		return Event{}, false
	}
	ev := j.events[0]
	j.events = j.events[1:]
	return ev, true
}

// Result is the settled result, or false while the job runs.
func (j *Job) Result() (Result, bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.result == nil {
		return Result{}, false
	}
	return *j.result, true
}

// RequestCancel asks the job to stop; it settles as cancelled once its
// turn has wound down (tool results persisted). It does not wait.
func (j *Job) RequestCancel() { j.cancel() }

// Close cancels the job if it still runs and waits for its thread to
// end (the loop keeps turning meanwhile when called on the owner, so
// the job's last tool results can be delivered). It is idempotent.
func (j *Job) Close() {
	j.mu.Lock()
	if j.closed {
		j.mu.Unlock()
		return
	}
	j.closed = true
	j.events = nil
	j.mu.Unlock()
	j.cancel()
	if lp := j.s.loop(); lp != nil && !j.settled() {
		lp.RunUntil(context.Background(), j.settled)
	}
	<-j.done
}

// closeJobs closes the session's live jobs (at its end).
func (s *Session) closeJobs() {
	s.mu.Lock()
	jobs := s.jobs
	s.jobs = nil
	s.mu.Unlock()
	for _, j := range jobs {
		j.Close()
	}
}
