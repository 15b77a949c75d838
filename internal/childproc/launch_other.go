//go:build !linux

package childproc

import "os/exec"

// helperAsked records UseHelper: the program is panto, which would use
// the helper if this system had one (so it says the sandbox is missing).
var helperAsked bool

// UseHelper starts no helper here (it needs Linux's parent-death signal
// and child subreaper); it only records that the program asked.
func UseHelper(exe string) { helperAsked = exe != "" }

// HelperInUse reports whether UseHelper was called (see helperAsked).
func HelperInUse() bool { return helperAsked }

// RunHelperIfAsked does nothing here (see UseHelper).
func RunHelperIfAsked() {}

// Prepare sets the child up to lead its own process group (a session
// too when detached), which Kill takes down whole. A sandbox is not
// applied here: Available says so.
func Prepare(cmd *exec.Cmd, o Options) (*Launch, error) {
	group := setGroup(cmd, o.Detached)
	return &Launch{Group: group}, nil
}
