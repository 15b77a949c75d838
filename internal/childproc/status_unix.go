//go:build unix

package childproc

import (
	"os"
	"syscall"
)

func killGroup(pid int) { syscall.Kill(-pid, syscall.SIGKILL) }

// exitStatus is what luv's on_exit receives: the exit code, or 0 and
// the signal that ended the child.
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
