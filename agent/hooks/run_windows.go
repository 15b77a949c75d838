//go:build windows

package hooks

import (
	"context"
	"os/exec"
)

// shellCommand is `cmd /C command`; a timeout kills the command (Windows
// has no process groups to take its children with it).
func shellCommand(ctx context.Context, command string) *exec.Cmd {
	return exec.CommandContext(ctx, "cmd", "/C", command)
}
