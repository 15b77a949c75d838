package luv

import (
	"os"

	"panto/runtime"
)

// uv.pipe() and pipe:open(fd) connect pipes to file descriptors: uv.pipe
// makes an OS pipe and returns its ends { read = fd, write = fd } (file
// descriptors the fs_* functions and pipe_open accept), and
// pipe_open(pipe, fd) makes a pipe handle read from (or write to) one of
// them. An owned agent's job writes a byte to its wake_fd whenever it has
// news, and a Lua coroutine waits on the read end this way instead of
// polling.

// uvPipe is uv.pipe(): { read = fd, write = fd }.
func (lp *Loop) uvPipe(L *runtime.State) int {
	r, w, err := os.Pipe()
	if err != nil {
		return pushFail(L, toUVError(err))
	}
	rfd, wfd := int(r.Fd()), int(w.Fd())
	lp.fds[rfd] = &fdEntry{f: r, pipeEnd: 'r'}
	lp.fds[wfd] = &fdEntry{f: w, pipeEnd: 'w'}
	t := runtime.NewTable(0, 2)
	t.SetStr("read", runtime.Int(int64(rfd)))
	t.SetStr("write", runtime.Int(int64(wfd)))
	L.Push(runtime.TableValue(t))
	return 1
}

// uvPipeOpen is uv.pipe_open(pipe, fd) and pipe:open(fd): the pipe takes
// the descriptor over (closing the pipe closes it). The read end of a
// uv.pipe() is readable, its write end writable; another descriptor is
// opened both ways, as libuv does.
func (lp *Loop) uvPipeOpen(L *runtime.State) int {
	p := checkPipe(L, 1)
	fd, e := lp.checkFd(L, 2)
	if p.closing || p.r != nil || p.w != nil {
		return pushFail(L, uvErrorOf("EINVAL"))
	}
	if e == nil {
		return pushFail(L, uvErrorOf("EBADF"))
	}
	delete(lp.fds, fd) // the pipe owns it now
	switch e.pipeEnd {
	case 'r':
		p.r, p.readable = e.f, true
	case 'w':
		p.w, p.writable = e.f, true
	default:
		p.r, p.w, p.readable, p.writable = e.f, e.f, true, true
	}
	return pushOK(L)
}
