package gcpace

import (
	"os"
	"os/exec"
	"runtime"
	"runtime/metrics"
	"sync/atomic"
	"testing"
	"time"
)

func TestPercentFor(t *testing.T) {
	for _, tc := range []struct {
		live uint64
		want int
	}{
		{0, 400},
		{1 << 20, 400},
		{knee, 400},
		{knee + 1, 375},     // just past the knee: 399.99 rounded down to the step
		{knee * 4 / 3, 300}, // 400 * 3/4
		{knee * 8 / 5, 250}, // 400 * 5/8
		{2*knee - 1, 200},   // 200.00005 rounded down
		{2 * knee, 200},     // twice the knee: a heap goal of three times the live heap
		{knee * 8 / 3, 150}, // 400 * 3/8
		{4*knee - 1, 100},   // 100.00002 rounded down
		{4 * knee, 100},     // four times the knee: a heap goal of twice the live heap
		{knee * 16 / 3, 75}, // 400 * 3/16
		{8*knee - 1, 50},    // 50.00001 rounded down
		{8 * knee, 50},      // the floor from here on
		{64 * knee, 50},     // a large heap: 1.5 times it at most
		{1 << 40, 50},       // no overflow
	} {
		if got := percentFor(tc.live); got != tc.want {
			t.Errorf("percentFor(%d) = %d, want %d", tc.live, got, tc.want)
		}
	}
}

// currentPercent reads GOGC's current setting without changing it (a
// SetGCPercent round trip could undo the pacer's setting made between).
func currentPercent() int {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return int(s[0].Value.Uint64())
}

// The pace follows the live heap and the allocation rate: 100 (twice the
// live heap) while the test allocates little, 50 while 40 MB are held,
// 100 again once they are released. Run in a child process, so that the user's
// GOGC cannot interfere and the settings do not leak into other tests.
func TestStartFollowsTheLiveHeap(t *testing.T) {
	if os.Getenv("GCPACE_CHILD") == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestStartFollowsTheLiveHeap$", "-test.v")
		cmd.Env = append(os.Environ(), "GCPACE_CHILD=1", "GOGC=")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("child: %v\n%s", err, out)
		}
		return
	}
	os.Unsetenv("GOGC")
	var hookRuns atomic.Int32
	WhenLarge(2*knee, func() { hookRuns.Add(1) }) // below the live heap that sets largePercent
	if !Start() {
		t.Fatal("Start did nothing without GOGC")
	}
	if p := currentPercent(); p != startPercent {
		t.Fatalf("after Start: GOGC %d, want %d", p, startPercent)
	}
	waitFor(t, 100) // collections with a small heap and little allocation
	if n := hookRuns.Load(); n != 0 {
		t.Fatalf("with a small heap, WhenLarge's hook ran %d times", n)
	}
	held := make([][]byte, 40)
	for i := range held {
		held[i] = make([]byte, 1<<20)
	}
	waitFor(t, largePercent)
	runtime.KeepAlive(held)
	if n := hookRuns.Load(); n != 1 {
		t.Fatalf("with 40 MB live, WhenLarge's hook ran %d times, want 1", n)
	}
	held = nil
	waitFor(t, 100)
	// Allocating fast (garbage only) earns a larger minimum heap.
	for i := 0; currentPercent() <= 100; i++ {
		if i == 1<<22 {
			t.Fatalf("after allocating %d MB of garbage, GOGC is still %d", i>>4, currentPercent())
		}
		sink = make([]byte, 64<<10)
	}
	held = make([][]byte, 40)
	for i := range held {
		held[i] = make([]byte, 1<<20)
	}
	waitFor(t, largePercent)
	runtime.KeepAlive(held)
	if n := hookRuns.Load(); n != 1 {
		t.Fatalf("with 40 MB live a second time, the hook has run %d times, want once", n)
	}
}

// sink keeps the garbage of the fast allocation from being optimised away.
var sink []byte

// waitFor collects until the pacer has set want. The cleanup that
// adjusts runs after a cycle, on another goroutine: this polls, with a
// generous bound for a loaded machine, and asserts nothing about time.
func waitFor(t *testing.T, want int) {
	t.Helper()
	for i := 0; i < 500; i++ {
		runtime.GC()
		if currentPercent() == want {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("GOGC stayed %d, want %d", currentPercent(), want)
}

func TestStartLeavesTheUsersGOGC(t *testing.T) {
	t.Setenv("GOGC", "150")
	before := currentPercent()
	if Start() {
		t.Error("Start took over although GOGC is set")
	}
	if p := currentPercent(); p != before {
		t.Errorf("GOGC changed from %d to %d", before, p)
	}
}
