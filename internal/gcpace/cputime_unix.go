//go:build unix

package gcpace

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used (user and system, all
// threads): the allocation rate is measured against it rather than the
// wall clock, so that a loaded machine, which stretches wall time, does
// not make a program look like a slow allocator.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
