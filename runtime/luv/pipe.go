package luv

import (
	"io"
	"os"
	"sync"

	"panto/runtime"
)

// pipe is uv_pipe_t, used for a child's standard streams. uv.new_pipe()
// makes an unopened pipe; uv.spawn opens it: for stdio[1] (the child's
// stdin) the loop keeps the write end, for the others the read end. So a
// stdin pipe is writable and not readable, an output pipe the reverse
// (libuv uses socket pairs, readable both ways; nothing in the standard
// tools reads a child's stdin back).
//
// Reading runs on a goroutine that reads a chunk, posts it, and waits for
// the owner to deliver it before reading again: at most one chunk is in
// flight per pipe, so a fast child cannot fill memory, and read_stop
// really stops reading (the chunk already read is kept for the next
// read_start). Writing runs on a goroutine that drains a queue in order;
// shutdown joins the queue and closes the write end after the writes
// before it.
type pipe struct {
	handle
	r, w               *os.File
	readable, writable bool

	// Reading, owner side.
	reading       bool
	readCb        runtime.Value
	readRef       int64
	readerStarted bool
	more          chan struct{} // cap 1: the reader may read the next chunk
	quit          chan struct{} // closed when the pipe is closed
	backlog       []chunk       // chunks that arrived while not reading

	// Writing. The queue is shared with the writer goroutine.
	mu       sync.Mutex
	wq       []*writeItem
	writing  bool
	inflight int   // writes and shutdowns not yet completed (owner side)
	queued   int64 // bytes not yet written (owner side)
	shut     bool  // shutdown requested (owner side)
}

type chunk struct {
	data []byte
	err  error // io.EOF at end of stream
}

type writeItem struct {
	data     []byte
	shutdown bool
	// Owner side only.
	req   *request
	cb    runtime.Value
	cbRef int64
}

func checkPipe(L *runtime.State, n int) *pipe {
	if ud := L.Arg(n).AsUserdata(); ud != nil {
		if p, ok := ud.Value.(*pipe); ok {
			return p
		}
	}
	L.TypeError(n, "uv_pipe_t")
	return nil
}

func (lp *Loop) uvNewPipe(L *runtime.State) int {
	if L.Arg(1).Truthy() {
		return pushFail(L, uvErrorOf("ENOTSUP")) // no handle passing
	}
	p := &pipe{}
	L.Push(runtime.UserdataValue(lp.newHandle("pipe", "uv_pipe_t", p)))
	return 1
}

func (p *pipe) updateActive() { p.setActive(p.reading || p.inflight > 0) }

func (p *pipe) release() {
	if p.quit != nil {
		close(p.quit)
	}
	if p.r != nil {
		p.r.Close()
	}
	if p.w != nil {
		p.w.Close()
	}
	p.reading = false
	p.backlog = nil
	p.lp.unref(p.readRef)
	p.readRef = 0
	p.readCb = runtime.Nil
}

func (p *pipe) kill() {}

// ---------------------------------------------------------------------------
// Reading

func (lp *Loop) uvReadStart(L *runtime.State) int {
	p := checkPipe(L, 1)
	cb := checkCallable(L, 2)
	if p.closing {
		return pushFail(L, uvErrorOf("EINVAL"))
	}
	if !p.readable {
		return pushFail(L, uvErrorOf("ENOTCONN"))
	}
	lp.unref(p.readRef)
	p.readCb = cb
	p.readRef = lp.ref(cb)
	p.reading = true
	p.updateActive()
	if !p.readerStarted {
		p.readerStarted = true
		p.more = make(chan struct{}, 1)
		p.quit = make(chan struct{})
		go p.reader(p.r, p.more, p.quit)
	}
	if len(p.backlog) > 0 {
		// Delivered from the loop, never from inside read_start.
		lp.Post(p.flush)
	}
	return pushOK(L)
}

func (lp *Loop) uvReadStop(L *runtime.State) int {
	p := checkPipe(L, 1)
	p.reading = false
	p.updateActive()
	return pushOK(L)
}

// reader runs on its own goroutine; it touches no owner-side field.
func (p *pipe) reader(r *os.File, more, quit chan struct{}) {
	lp := p.lp
	buf := make([]byte, 64*1024)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			c := chunk{data: append([]byte(nil), buf[:n]...)}
			lp.Post(func() { p.deliver(c) })
			select {
			case <-more:
			case <-quit:
				return
			}
		}
		if err != nil {
			select {
			case <-quit:
				return // closed by us: no callback
			default:
			}
			lp.Post(func() { p.deliver(chunk{err: err}) })
			return
		}
	}
}

// deliver runs on the owner when a chunk arrives.
func (p *pipe) deliver(c chunk) {
	if p.closing {
		return
	}
	p.backlog = append(p.backlog, c)
	p.flush()
}

// flush hands buffered chunks to the read callback while reading.
func (p *pipe) flush() {
	for p.reading && !p.closing && len(p.backlog) > 0 {
		c := p.backlog[0]
		p.backlog = p.backlog[1:]
		cb, owner := p.readCb, p.owner
		switch {
		case c.err == nil:
			select {
			case p.more <- struct{}{}:
			default:
			}
			p.lp.invoke(owner, cb, runtime.Nil, runtime.String(string(c.data)))
		case c.err == io.EOF:
			// As in libuv: at end of stream reading stops and the
			// callback gets neither error nor data.
			p.endRead()
			p.lp.invoke(owner, cb)
		default:
			p.endRead()
			p.lp.invoke(owner, cb, runtime.String(toUVError(c.err).String()))
		}
	}
}

func (p *pipe) endRead() {
	p.reading = false
	p.readable = false
	p.updateActive()
}

// ---------------------------------------------------------------------------
// Writing

func (lp *Loop) uvWrite(L *runtime.State) int {
	p := checkPipe(L, 1)
	data := checkBuffer(L, 2)
	cb := optCallable(L, 3)
	if p.closing || !p.writable || p.shut {
		return pushFail(L, uvErrorOf("EPIPE"))
	}
	ud := p.enqueue(&writeItem{data: data, cb: cb}, "uv_write_t")
	p.queued += int64(len(data))
	L.Push(runtime.UserdataValue(ud))
	return 1
}

func (lp *Loop) uvShutdown(L *runtime.State) int {
	p := checkPipe(L, 1)
	cb := optCallable(L, 2)
	if p.closing || !p.writable || p.shut {
		return pushFail(L, uvErrorOf("ENOTCONN"))
	}
	p.shut = true
	ud := p.enqueue(&writeItem{shutdown: true, cb: cb}, "uv_shutdown_t")
	L.Push(runtime.UserdataValue(ud))
	return 1
}

func (p *pipe) enqueue(it *writeItem, udType string) *runtime.Userdata {
	lp := p.lp
	it.req = lp.newRequest()
	it.cbRef = lp.ref(it.cb)
	p.inflight++
	p.updateActive()
	p.mu.Lock()
	p.wq = append(p.wq, it)
	start := !p.writing
	p.writing = true
	p.mu.Unlock()
	if start {
		go p.writer(p.w)
	}
	return lp.newUserdata(udType, it.req)
}

// writer drains the queue on its own goroutine.
func (p *pipe) writer(w *os.File) {
	for {
		p.mu.Lock()
		if len(p.wq) == 0 {
			p.writing = false
			p.mu.Unlock()
			return
		}
		it := p.wq[0]
		p.wq = p.wq[1:]
		p.mu.Unlock()
		var err error
		if it.shutdown {
			err = w.Close()
		} else {
			_, err = w.Write(it.data)
		}
		p.lp.Post(func() { p.writeDone(it, err) })
	}
}

// writeDone runs on the owner when a write or shutdown completes.
func (p *pipe) writeDone(it *writeItem, err error) {
	lp := p.lp
	lp.unref(it.cbRef)
	p.inflight--
	if !it.shutdown {
		p.queued -= int64(len(it.data))
	} else if err == nil {
		p.writable = false
	}
	if !p.closing {
		p.updateActive()
	}
	owner, ok := lp.finishRequest(it.req)
	if !ok || it.cb.IsNil() {
		return
	}
	var arg runtime.Value
	switch {
	case p.closing:
		// Requests in flight when the pipe closed are cancelled.
		arg = runtime.String(uvErrorOf("ECANCELED").String())
	case err != nil:
		arg = runtime.String(toUVError(err).String())
	}
	lp.invoke(owner, it.cb, arg)
}

func (lp *Loop) uvIsReadable(L *runtime.State) int {
	p := checkPipe(L, 1)
	L.Push(runtime.Bool(p.readable && !p.closing))
	return 1
}

func (lp *Loop) uvIsWritable(L *runtime.State) int {
	p := checkPipe(L, 1)
	L.Push(runtime.Bool(p.writable && !p.shut && !p.closing))
	return 1
}

func (lp *Loop) uvWriteQueueSize(L *runtime.State) int {
	L.Push(runtime.Int(checkPipe(L, 1).queued))
	return 1
}
