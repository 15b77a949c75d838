//go:build !unix

package childproc

import "os"

func killGroup(pid int) {}

func exitStatus(ps *os.ProcessState, _ error) (code, sig int) {
	if ps == nil {
		return -1, 0
	}
	return ps.ExitCode(), 0
}
