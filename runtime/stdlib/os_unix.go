//go:build unix

package stdlib

import (
	"syscall"
	"time"
)

// cpuTime is the processor time used by the process (user and system, all
// threads), which is what C's clock() measures.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// removeFile is C's remove(): unlink, or rmdir for a directory. Go's
// os.Remove tries both and may report the wrong one's error.
func removeFile(name string) error {
	err := syscall.Unlink(name)
	if err == syscall.EISDIR {
		err = syscall.Rmdir(name)
	}
	return err
}

// renameFile is C's rename().
func renameFile(from, to string) error { return syscall.Rename(from, to) }
