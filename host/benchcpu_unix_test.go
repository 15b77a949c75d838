//go:build unix

package host

import (
	"syscall"
	"testing"
	"time"
)

// reportCPU adds the process CPU time per operation (user + system) as a
// metric: on a shared, loaded machine wall time per op swings severalfold
// while CPU time stays put.
func reportCPU(b *testing.B) func() {
	start := cpuTime()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64((cpuTime()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		}
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
