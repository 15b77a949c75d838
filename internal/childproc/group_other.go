//go:build !unix

package childproc

import "os/exec"

// setGroup does nothing off unix: Windows has no process groups to kill
// with a signal (a job object would be the tool; see docs/security.md).
func setGroup(cmd *exec.Cmd, detached bool) bool { return false }
