//go:build !unix

package stdlib

import (
	"os"
	"time"
)

var processStart = time.Now()

// cpuTime approximates clock() with the time since the program started
// where the process's CPU time is not available.
func cpuTime() time.Duration { return time.Since(processStart) }

// removeFile is C's remove().
func removeFile(name string) error { return os.Remove(name) }

// renameFile is C's rename().
func renameFile(from, to string) error { return os.Rename(from, to) }

// killTree kills process pid (its descendants cannot be found here).
func killTree(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
}
