//go:build unix

package luv

import (
	"sync"
	"syscall"
)

func killPid(pid int, sig syscall.Signal) error { return syscall.Kill(pid, sig) }

// signalNames are luv's lowercase signal names.
// Made on first use (sync.OnceValue): a package-level map literal is
// built in every process's init, whether or not it uses luv.
var signalNames = sync.OnceValue(func() map[string]syscall.Signal {
	return map[string]syscall.Signal{
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
})
