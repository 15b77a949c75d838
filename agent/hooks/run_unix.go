//go:build unix

package hooks

import (
	"context"
	"os/exec"
	"syscall"
)

// shellCommand is `/bin/sh -c command` leading a process group of its
// own, so that a timeout kills the hook and whatever it started.
func shellCommand(ctx context.Context, command string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", command)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	return cmd
}
