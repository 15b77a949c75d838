package childproc

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// Options say how a child starts.
type Options struct {
	// Detached makes the child lead a new session as well as a process
	// group (luv's detached option). Without it the child still leads a
	// group of its own when it goes through the helper.
	Detached bool
	// Sandbox, when not nil and not off, restricts the command (Linux
	// only; see Available).
	Sandbox *Sandbox
}

// Launch is a child prepared by Prepare. After cmd.Start the caller
// calls Started, then Wait on a goroutine; Kill may come at any time.
type Launch struct {
	// Group reports that the child's pid is also its process group id,
	// so Kill reaches everything the command started.
	Group bool

	helper           bool
	lifeline         bool // through the lifeline helper: cmdPid leads the group
	cmdPid           int
	statusR, statusW *os.File
	status           *bufio.Reader

	mu     sync.Mutex
	reaped bool // the child was waited for: its pid may be reused
}

// Started finishes the start, after cmd.Start succeeded. Through the
// helper it waits for the helper's word that the command runs, as libuv
// waits for exec: an exec failure or a sandbox that could not be set up
// comes back here as an error, and the child is gone.
func (l *Launch) Started(cmd *exec.Cmd) error {
	if !l.helper {
		return nil
	}
	l.statusW.Close()
	l.statusW = nil
	l.status = bufio.NewReader(l.statusR)
	line, err := l.status.ReadString('\n')
	word, rest, _ := strings.Cut(strings.TrimSuffix(line, "\n"), " ")
	if err == nil && word == "pid" {
		if l.lifeline {
			l.cmdPid, _ = strconv.Atoi(rest)
		}
		return nil
	}
	l.statusR.Close()
	cmd.Process.Kill()
	cmd.Wait()
	l.markReaped()
	if word != "error" {
		return errors.New("the process helper ended before starting the command")
	}
	num, msg, _ := strings.Cut(rest, " ")
	if n, _ := strconv.Atoi(num); n != 0 {
		return syscall.Errno(n)
	}
	return &StartError{Msg: msg}
}

// StartError is a start that failed for a reason without an errno: the
// sandbox could not be applied.
type StartError struct{ Msg string }

func (e *StartError) Error() string { return e.Msg }

// Wait waits for the command to exit and returns its exit code, or 0
// and the signal that ended it. Through the helper that is the helper's
// report, which comes as soon as the command exits even while something
// it left in the background still runs (the helper is reaped later, in
// the background); without a report (the helper was killed) it is the
// helper's own status.
func (l *Launch) Wait(cmd *exec.Cmd) (code, sig int) {
	if l.helper {
		line, err := l.status.ReadString('\n')
		var c, s int
		if n, _ := fmt.Sscanf(line, "exit %d %d", &c, &s); err == nil && n == 2 {
			go func() {
				cmd.Wait()
				l.markReaped()
				l.statusR.Close()
			}()
			return c, s
		}
		l.statusR.Close()
	}
	err := cmd.Wait()
	l.markReaped()
	return exitStatus(cmd.ProcessState, err)
}

func (l *Launch) markReaped() {
	l.mu.Lock()
	l.reaped = true
	l.mu.Unlock()
}

// Kill ends the child and, when it leads a group, everything in the
// group, as long as the child was not reaped (after that its pid may
// name another process). It is what abandoning a call does.
func (l *Launch) Kill(cmd *exec.Cmd) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.reaped || cmd.Process == nil {
		return
	}
	if l.cmdPid > 0 {
		killGroup(l.cmdPid)
	}
	if l.Group {
		killGroup(cmd.Process.Pid)
	}
	cmd.Process.Kill()
}

// Signal sends sig to the child. Through the helper a SIGKILL goes to
// the whole group (the helper cannot forward a signal it cannot catch);
// other signals reach the command through the helper.
func (l *Launch) Signal(cmd *exec.Cmd, sig syscall.Signal) error {
	if l.helper && sig == syscall.SIGKILL {
		l.Kill(cmd)
		return nil
	}
	return cmd.Process.Signal(sig)
}

// Abort releases what Prepare opened when cmd.Start failed.
func (l *Launch) Abort() {
	if l.statusR != nil {
		l.statusR.Close()
		l.statusW.Close()
	}
}

// Self is the path to give UseHelper: this binary. On Linux it is
// /proc/self/exe, which names this very program even when the file was
// replaced since it started; elsewhere it is the path it started from.
func Self() string {
	if runtime.GOOS == "linux" {
		return "/proc/self/exe"
	}
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	return exe
}
