package gcpace

import "testing"

// The cases' expectations follow from Go's heap goal at GOGC=g, the
// larger of 4 MB*g/100 and the live heap grown by g percent, worked out
// by hand: the goal is the live heap plus what the program allocates in
// 50 ms, between GOGC=100's goal and percentFor's.
func TestPercentForRate(t *testing.T) {
	const mb = 1 << 20
	for _, tc := range []struct {
		name string
		live uint64
		rate float64 // bytes a second
		want int
	}{
		{"nothing live, idle", 0, 0, 100},                  // goal 4 MB
		{"small heap, idle", 1 * mb, 0, 100},               // goal 4 MB, twice live is less
		{"small heap, slow", 1 * mb, 20 * mb, 100},         // 1 + 1 MB < 4 MB
		{"small heap, moderate", 1 * mb, 200 * mb, 275},    // goal 1 + 10 = 11 MB: 4 MB * 2.75
		{"small heap, fast", 1 * mb, 1000 * mb, 400},       // 1 + 50 MB, capped at 16 MB
		{"at the knee, fast", 4 * mb, 1000 * mb, 400},      // cap 4 + 16 MB
		{"past the knee, idle", 8 * mb, 0, 100},            // twice live, 16 MB
		{"past the knee, moderate", 8 * mb, 240 * mb, 150}, // 8 + 12 = 20 MB
		{"past the knee, fast", 8 * mb, 400 * mb, 200},     // 8 + 20 MB capped at 24 (percentFor 200)
		{"large heap, idle", 64 * mb, 0, 50},               // percentFor's 50 is below 100
		{"large heap, fast", 64 * mb, 4000 * mb, 50},       // and is the most it may have
		{"large heap, between", 24 * mb, 0, 50},            // percentFor(24 MB) = 66 -> 50
		{"large heap, moderate", 20 * mb, 300 * mb, 75},    // 20 + 15 = 35 MB; percentFor 80 -> 75
	} {
		if got := percentForRate(tc.live, tc.rate); got != tc.want {
			t.Errorf("%s: percentForRate(%d MB, %.0f MB/s) = %d, want %d", tc.name, tc.live/mb, tc.rate/mb, got, tc.want)
		}
	}
}
