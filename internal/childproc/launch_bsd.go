//go:build unix && !linux

package childproc

import "os/exec"

var helperPath string

// UseHelper makes Prepare start children through the lifeline helper
// (lifeline_unix.go): exe is this binary, whose main calls
// RunHelperIfAsked first. Without it children lead a process group of
// their own and end with panto only when panto ends them.
func UseHelper(exe string) { helperPath = exe }

// HelperInUse reports whether UseHelper installed the helper.
func HelperInUse() bool { return helperPath != "" }

// RunHelperIfAsked runs the lifeline helper and exits when this process
// was started as one; otherwise it returns at once. main calls it first.
func RunHelperIfAsked() { runLifelineIfAsked() }

// Prepare sets the child up to end with panto through the lifeline
// helper, or, without it, to lead its own process group (a session too
// when detached), which Kill takes down whole. A sandbox is not applied
// here: Available says so.
func Prepare(cmd *exec.Cmd, o Options) (*Launch, error) {
	if helperPath != "" {
		return prepareLifeline(cmd, o, helperPath)
	}
	group := setGroup(cmd, o.Detached)
	return &Launch{Group: group}, nil
}
