//go:build unix

package mutate

import (
	"os/exec"
	"syscall"
	"time"
)

// ownGroup puts the go command and the test binary it starts in a
// process group of their own. Cancelling interrupts the whole group
// first, so the go command removes its work folder as it does on Ctrl-C,
// and kills what is left a few seconds later.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		pgid := cmd.Process.Pid
		err := syscall.Kill(-pgid, syscall.SIGINT)
		time.AfterFunc(3*time.Second, func() { syscall.Kill(-pgid, syscall.SIGKILL) })
		return err
	}
}
