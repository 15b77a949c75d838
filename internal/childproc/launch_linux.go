package childproc

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
)

// deathSignal is what the kernel sends the helper when panto dies. It is
// a real-time signal nobody else sends, so the helper never mistakes a
// forwarded SIGTERM for panto's death; the parent pid check confirms it
// (the kernel also sends it when only the thread that forked the helper
// ends, and then the parent is still there).
const deathSignal = syscall.Signal(40)

// prSetChildSubreaper is prctl's PR_SET_CHILD_SUBREAPER.
const prSetChildSubreaper = 36

var helperPath string

// portableHelper makes Prepare use the lifeline helper of the other
// unix systems instead (lifeline_unix.go), so its tests run here too.
var portableHelper bool

// UseHelper makes Prepare start children through the helper: exe is
// this binary ("/proc/self/exe"), whose main calls RunHelperIfAsked
// first. Without it (tests of other packages, embedders) children get
// a parent-death signal of their own, which ends the direct child with
// panto but not what it started.
func UseHelper(exe string) { helperPath = exe }

// Prepare sets cmd up to end with panto: through the helper when
// UseHelper was called, else with a parent-death SIGKILL on the child
// itself.
func Prepare(cmd *exec.Cmd, o Options) (*Launch, error) {
	if portableHelper && helperPath != "" {
		return prepareLifeline(cmd, o, helperPath)
	}
	if helperPath == "" {
		if o.Sandbox.active() {
			return nil, &StartError{Msg: "the sandbox needs panto's process helper, which this program does not run"}
		}
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setsid: o.Detached}
		return &Launch{Group: o.Detached}, nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	files := 3 + len(cmd.ExtraFiles)
	sp := spec{Path: cmd.Path, Argv: cmd.Args, Parent: os.Getpid(), Files: files, Status: files}
	if o.Sandbox.active() {
		sp.Sandbox = o.Sandbox
	}
	if err := becomeHelper(cmd, helperPath, envHelper, &sp, w); err != nil {
		r.Close()
		w.Close()
		return nil, err
	}
	// The helper leads a group either way, so killing the group reaches
	// the command and all it started; only a detached one gets a
	// session too.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: deathSignal, Setsid: o.Detached, Setpgid: !o.Detached}
	return &Launch{Group: true, helper: true, statusR: r, statusW: w}, nil
}

// HelperInUse reports whether UseHelper installed the helper.
func HelperInUse() bool { return helperPath != "" }

// RunHelperIfAsked runs the helper and exits when this process was
// started as one; otherwise it returns at once. main calls it first.
func RunHelperIfAsked() {
	runLifelineIfAsked()
	js, ok := os.LookupEnv(envHelper)
	if !ok {
		return
	}
	os.Exit(runHelper(js))
}

func runHelper(js string) int {
	var sp spec
	if err := json.Unmarshal([]byte(js), &sp); err != nil || sp.Status < 3 || sp.Files > sp.Status || len(sp.Argv) == 0 {
		fmt.Fprintf(os.Stderr, "panto: the process helper was started without valid instructions\n")
		return 127
	}
	syscall.CloseOnExec(sp.Status)
	status := os.NewFile(uintptr(sp.Status), "status")
	report := func(format string, args ...any) { fmt.Fprintf(status, format+"\n", args...) }

	sigs := make(chan os.Signal, 16)
	signal.Notify(sigs, deathSignal, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT,
		syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGWINCH)
	if os.Getppid() != sp.Parent {
		return 137 // panto is already gone: start nothing
	}
	syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
	if sp.Sandbox != nil {
		if err := sp.Sandbox.apply(); err != nil {
			report("error 0 sandbox: %s", strings.ReplaceAll(err.Error(), "\n", " "))
			return 126
		}
	}
	fds := make([]uintptr, sp.Files)
	for i := range fds {
		fds[i] = uintptr(i)
	}
	env := withoutEnv(os.Environ(), envHelper)
	pid, err := syscall.ForkExec(sp.Path, sp.Argv, &syscall.ProcAttr{Env: env, Files: fds,
		Sys: &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}})
	if err != nil {
		errno, _ := err.(syscall.Errno)
		report("error %d %s", int(errno), err)
		return 127
	}
	report("pid %d", pid)

	var exited atomic.Bool // the command was reaped: its pid may be reused
	go func() {
		for s := range sigs {
			if os.Getppid() != sp.Parent {
				killAll()
			}
			if s != deathSignal && !exited.Load() {
				syscall.Kill(pid, s.(syscall.Signal))
			}
		}
	}()

	// Reap everything: the command, and as the subreaper every orphan
	// it leaves. The command's status is reported at once; the helper
	// stays while anything it started is left.
	code, sig := 0, 0
	for {
		var ws syscall.WaitStatus
		wpid, err := syscall.Wait4(-1, &ws, 0, nil)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			break
		}
		if wpid != pid {
			continue
		}
		exited.Store(true)
		if ws.Signaled() {
			sig = int(ws.Signal())
		} else {
			code = ws.ExitStatus()
		}
		report("exit %d %d", code, sig)
		status.Close()
	}
	if sig != 0 {
		signal.Reset(syscall.Signal(sig))
		syscall.Kill(os.Getpid(), syscall.Signal(sig))
		return 128 + sig
	}
	return code
}

// killAll ends everything the helper is responsible for: first its
// children that left its process group (orphans it reaped as the
// subreaper may have made their own), then the group, itself included.
func killAll() {
	tasks, _ := filepath.Glob("/proc/self/task/*/children")
	for _, t := range tasks {
		data, _ := os.ReadFile(t)
		for _, f := range strings.Fields(string(data)) {
			if pid, err := strconv.Atoi(f); err == nil {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	}
	syscall.Kill(0, syscall.SIGKILL)
	os.Exit(137)
}
