//go:build unix

package childproc

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// The lifeline helper is the portable form of the process helper, for
// the systems without Linux's parent-death signal and child subreaper
// (macOS, the BSDs). panto opens one pipe for its whole life and keeps
// its write end; every helper gets the read end. Nothing ever writes to
// the pipe, so a helper's read blocks until the kernel closes panto's
// last descriptor for it, which happens however panto ends, kill -9
// included. The helper then kills the command's process group.
//
//	panto ──(holds the lifeline's write end)
//	  └ helper ──(reads the lifeline; EOF: kill the group)
//	      └ command, leading its own process group
//
// The command leads its own group (not the helper's), so the helper can
// tell when everything the command started has ended and stay until
// then: after the command exits, the group lives on while a background
// job it started still runs.

// lifeline is panto's end of the pipe: the write end is held, never
// written and never closed, for the life of the process. Both ends are
// close-on-exec, so no other child inherits the write end and keeps a
// helper waiting after panto is gone.
var lifeline struct {
	once sync.Once
	r, w *os.File
	err  error
}

func lifelineReader() (*os.File, error) {
	lifeline.once.Do(func() {
		lifeline.r, lifeline.w, lifeline.err = os.Pipe()
	})
	return lifeline.r, lifeline.err
}

// groupPoll is how often a helper whose command has exited looks for
// what the command left in its process group.
const groupPoll = 100 * time.Millisecond

// prepareLifeline sets cmd up to start through the lifeline helper exe.
func prepareLifeline(cmd *exec.Cmd, o Options, exe string) (*Launch, error) {
	life, err := lifelineReader()
	if err != nil {
		return nil, err
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	files := 3 + len(cmd.ExtraFiles)
	sp := spec{Path: cmd.Path, Argv: cmd.Args, Parent: os.Getpid(), Files: files, Status: files,
		Lifeline: files + 1, Detached: o.Detached}
	if err := becomeHelper(cmd, exe, envLifeline, &sp, w, life); err != nil {
		r.Close()
		w.Close()
		return nil, err
	}
	// The helper sits in a group of its own, apart from panto's, so a
	// signal to panto's terminal group does not reach it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return &Launch{Group: true, helper: true, lifeline: true, statusR: r, statusW: w}, nil
}

// runLifelineIfAsked runs the lifeline helper and exits when this
// process was started as one; otherwise it returns at once.
func runLifelineIfAsked() {
	js, ok := os.LookupEnv(envLifeline)
	if !ok {
		return
	}
	os.Exit(runLifeline(js))
}

func runLifeline(js string) int {
	var sp spec
	if err := json.Unmarshal([]byte(js), &sp); err != nil || sp.Status < 3 || sp.Files > sp.Status ||
		sp.Lifeline <= sp.Status || len(sp.Argv) == 0 {
		fmt.Fprintf(os.Stderr, "panto: the process helper was started without valid instructions\n")
		return 127
	}
	// Neither pipe may reach the command: a command holding the status
	// pipe would keep panto's read open, and one holding the lifeline
	// would be one more reader, harmless but untidy.
	syscall.CloseOnExec(sp.Status)
	syscall.CloseOnExec(sp.Lifeline)
	status := os.NewFile(uintptr(sp.Status), "status")
	life := os.NewFile(uintptr(sp.Lifeline), "lifeline")
	report := func(format string, args ...any) { fmt.Fprintf(status, format+"\n", args...) }

	sigs := make(chan os.Signal, 16)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT,
		syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGWINCH)
	if os.Getppid() != sp.Parent {
		return 137 // panto is already gone: start nothing
	}
	fds := make([]uintptr, sp.Files)
	for i := range fds {
		fds[i] = uintptr(i)
	}
	env := withoutEnv(os.Environ(), envLifeline)
	pid, err := syscall.ForkExec(sp.Path, sp.Argv, &syscall.ProcAttr{Env: env, Files: fds,
		Sys: &syscall.SysProcAttr{Setpgid: !sp.Detached, Setsid: sp.Detached}})
	if err != nil {
		errno, _ := err.(syscall.Errno)
		report("error %d %s", int(errno), strings.ReplaceAll(err.Error(), "\n", " "))
		return 127
	}
	report("pid %d", pid)

	go func() {
		var b [1]byte
		for {
			if _, err := life.Read(b[:]); err != nil {
				break // EOF: panto is gone
			}
		}
		syscall.Kill(-pid, syscall.SIGKILL)
		syscall.Kill(pid, syscall.SIGKILL)
		os.Exit(137)
	}()
	var exited atomic.Bool // the command was reaped: its pid may be reused
	go func() {
		for s := range sigs {
			if !exited.Load() {
				syscall.Kill(pid, s.(syscall.Signal))
			}
		}
	}()

	var ws syscall.WaitStatus
	for {
		_, err := syscall.Wait4(pid, &ws, 0, nil)
		if err != syscall.EINTR {
			break
		}
	}
	exited.Store(true)
	code, sig := 0, 0
	if ws.Signaled() {
		sig = int(ws.Signal())
	} else {
		code = ws.ExitStatus()
	}
	report("exit %d %d", code, sig)
	status.Close()
	// A group id is not reused while the group has members, so polling
	// it is safe: it ends when the last process the command left ends.
	for syscall.Kill(-pid, 0) == nil {
		time.Sleep(groupPoll)
	}
	if sig != 0 {
		signal.Reset(syscall.Signal(sig))
		syscall.Kill(os.Getpid(), syscall.Signal(sig))
		return 128 + sig
	}
	return code
}
