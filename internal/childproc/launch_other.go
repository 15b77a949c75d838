//go:build !linux

package childproc

import "os/exec"

// UseHelper does nothing here: the helper needs Linux's parent-death
// signal and child subreaper.
func UseHelper(exe string) {}

// RunHelperIfAsked does nothing here (see UseHelper).
func RunHelperIfAsked() {}

// Prepare sets the child up to lead its own process group (a session
// too when detached), which Kill takes down whole. A sandbox is not
// applied here: Available says so.
func Prepare(cmd *exec.Cmd, o Options) (*Launch, error) {
	group := setGroup(cmd, o.Detached)
	return &Launch{Group: group}, nil
}
