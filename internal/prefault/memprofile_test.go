package prefault

import (
	"runtime"
	"testing"
)

// TestMemProfileOff checks the rate the init left: the test binary's own
// flags set a rate only when -test.memprofilerate is given.
func TestMemProfileOff(t *testing.T) {
	if runtime.MemProfileRate != 0 {
		t.Fatalf("MemProfileRate %d after the init, want 0", runtime.MemProfileRate)
	}
}
