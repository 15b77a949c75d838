//go:build !unix

package gcpace

import "time"

var start = time.Now()

// cpuTime is the wall time since the package's initialisation where the
// process's CPU time is not at hand: the rate is a little lower on a
// loaded machine.
func cpuTime() time.Duration { return time.Since(start) }
