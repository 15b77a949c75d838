//go:build unix

package luv

import "syscall"

func killPid(pid int, sig syscall.Signal) error { return syscall.Kill(pid, sig) }

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
