//go:build unix

package luv

import (
	"os"
	"os/exec"
	"syscall"
)

// setDetached makes the child lead a new session (and process group), as
// libuv's detached option does.
func setDetached(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
}

func killGroup(pid int) { syscall.Kill(-pid, syscall.SIGKILL) }

func killPid(pid int, sig syscall.Signal) error { return syscall.Kill(pid, sig) }

// exitStatus is what on_exit receives: the exit code, or 0 and the
// signal that ended the child.
func exitStatus(ps *os.ProcessState, _ error) (code, sig int) {
	if ps == nil {
		return -1, 0
	}
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok {
		if ws.Signaled() {
			return 0, int(ws.Signal())
		}
		return ws.ExitStatus(), 0
	}
	return ps.ExitCode(), 0
}

// signalNames are luv's lowercase signal names.
var signalNames = map[string]syscall.Signal{
	"sighup":    syscall.SIGHUP,
	"sigint":    syscall.SIGINT,
	"sigquit":   syscall.SIGQUIT,
	"sigill":    syscall.SIGILL,
	"sigtrap":   syscall.SIGTRAP,
	"sigabrt":   syscall.SIGABRT,
	"sigiot":    syscall.SIGIOT,
	"sigbus":    syscall.SIGBUS,
	"sigfpe":    syscall.SIGFPE,
	"sigkill":   syscall.SIGKILL,
	"sigusr1":   syscall.SIGUSR1,
	"sigsegv":   syscall.SIGSEGV,
	"sigusr2":   syscall.SIGUSR2,
	"sigpipe":   syscall.SIGPIPE,
	"sigalrm":   syscall.SIGALRM,
	"sigterm":   syscall.SIGTERM,
	"sigchld":   syscall.SIGCHLD,
	"sigcont":   syscall.SIGCONT,
	"sigstop":   syscall.SIGSTOP,
	"sigtstp":   syscall.SIGTSTP,
	"sigttin":   syscall.SIGTTIN,
	"sigttou":   syscall.SIGTTOU,
	"sigurg":    syscall.SIGURG,
	"sigxcpu":   syscall.SIGXCPU,
	"sigxfsz":   syscall.SIGXFSZ,
	"sigvtalrm": syscall.SIGVTALRM,
	"sigprof":   syscall.SIGPROF,
	"sigwinch":  syscall.SIGWINCH,
	"sigio":     syscall.SIGIO,
	"sigsys":    syscall.SIGSYS,
}
