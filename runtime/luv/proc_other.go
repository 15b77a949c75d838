//go:build !unix

package luv

import (
	"os"
	"os/exec"
	"syscall"
)

func setDetached(cmd *exec.Cmd) {}

func killGroup(pid int) {}

func killPid(pid int, sig syscall.Signal) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	return p.Signal(sig)
}

func exitStatus(ps *os.ProcessState, _ error) (code, sig int) {
	if ps == nil {
		return -1, 0
	}
	return ps.ExitCode(), 0
}

var signalNames = map[string]syscall.Signal{
	"sighup":  syscall.SIGHUP,
	"sigint":  syscall.SIGINT,
	"sigquit": syscall.SIGQUIT,
	"sigkill": syscall.SIGKILL,
	"sigterm": syscall.SIGTERM,
}
