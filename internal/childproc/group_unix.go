//go:build unix && !linux

package childproc

import (
	"os/exec"
	"syscall"
)

// setGroup gives a detached child a session and process group of its
// own, as libuv's detached option does.
func setGroup(cmd *exec.Cmd, detached bool) bool {
	if detached {
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	}
	return detached
}
