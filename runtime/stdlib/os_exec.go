package stdlib

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"

	"panto/runtime"
)

// shellPath is the shell that runs os.execute and io.popen commands, as
// system(3) and popen(3) use it.
const shellPath = "/bin/sh"

// shellAvailable answers os.execute(): is there a shell?
func shellAvailable() bool {
	fi, err := os.Stat(shellPath)
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}

// shellCommand prepares "/bin/sh -c cmdline". The child inherits the
// host's standard input when it is an OS file; otherwise (a host feeding
// the script from memory) the child reads /dev/null rather than consume
// the script's input.
func shellCommand(L *runtime.State, cmdline string) *exec.Cmd {
	cmd := exec.Command(shellPath, "-c", cmdline)
	if f, ok := L.Stdin().(*os.File); ok {
		cmd.Stdin = f
	}
	return cmd
}

// childOutputs chooses where a child's standard output and error go: the
// host's writers when they are OS files (the child then writes to them
// directly, as in the reference); otherwise the output is copied into the
// host's writers, so a host that captures the script's output captures
// the commands' output too, in order. The copies are serialised: the two
// host writers may share a buffer (the standalone's stderr flushes its
// stdout).
func childOutputs(L *runtime.State) (stdout, stderr io.Writer) {
	var mu sync.Mutex
	pick := func(w io.Writer) io.Writer {
		if w == nil {
			return nil // the child writes to /dev/null
		}
		if f, ok := w.(*os.File); ok {
			return f
		}
		return &lockedWriter{mu: &mu, w: w}
	}
	return pick(L.Stdout()), pick(L.Stderr())
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.Write(p)
}

// startPopen starts a command for io.popen with a pipe to (read) or from
// (write) the script. While the command runs, the script keeps writing to
// the host's writers, so output of the command that cannot go straight to
// an OS file is collected and written when the stream is closed.
func startPopen(L *runtime.State, cmdline string, read bool) (*stream, error) {
	cmd := shellCommand(L, cmdline)
	var pr, pw *os.File
	err := withFDs(L, func() (err error) { pr, pw, err = os.Pipe(); return })
	if err != nil {
		return nil, err
	}
	s := &stream{proc: cmd, mode: bufFull, size: writeBufSize}
	collect := func(w io.Writer, buf **syncBuffer, sink *io.Writer) io.Writer {
		if w == nil {
			return nil
		}
		if f, ok := w.(*os.File); ok {
			return f
		}
		*buf = new(syncBuffer)
		*sink = w
		return *buf
	}
	cmd.Stderr = collect(L.Stderr(), &s.procErr, &s.errSink)
	var child *os.File
	if read {
		cmd.Stdout = pw
		s.file, child, s.readable = pr, pw, true
	} else {
		cmd.Stdin = pr
		cmd.Stdout = collect(L.Stdout(), &s.procOut, &s.outSink)
		s.file, child, s.writable = pw, pr, true
	}
	err = cmd.Start()
	child.Close()
	if err != nil {
		s.file.Close()
		return nil, err
	}
	return s, nil
}

// isFDLimit reports whether err says the process or the system is out of
// file descriptors.
func isFDLimit(err error) bool {
	return errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE)
}

// errnoOf returns the C errno behind err, 0 when there is none.
func errnoOf(err error) int {
	var en syscall.Errno
	if errors.As(err, &en) {
		return int(en)
	}
	return 0
}

// fileResult pushes the reference's luaL_fileresult results: true on
// success, else (nil, "name: message", errno) — without "name: " when
// name is empty.
func fileResult(L *runtime.State, err error, name string) int {
	if err == nil {
		L.Push(runtime.True)
		return 1
	}
	msg := runtime.Strerror(err)
	if name != "" {
		msg = name + ": " + msg
	}
	L.Push(runtime.Nil, runtime.String(msg), runtime.Int(int64(errnoOf(err))))
	return 3
}

// execResult pushes luaL_execresult's results for a finished command:
// (true|nil, "exit"|"signal", code).
func execResult(L *runtime.State, ps *os.ProcessState, err error) int {
	if ps == nil {
		if err == nil {
			err = syscall.ECHILD
		}
		return fileResult(L, err, "")
	}
	what, code := "exit", ps.ExitCode()
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok {
		switch {
		case ws.Exited():
			code = ws.ExitStatus()
		case ws.Signaled():
			what, code = "signal", int(ws.Signal())
		}
	}
	if what == "exit" && code == 0 {
		L.Push(runtime.True)
	} else {
		L.Push(runtime.Nil)
	}
	L.Push(runtime.String(what), runtime.Int(int64(code)))
	return 3
}
