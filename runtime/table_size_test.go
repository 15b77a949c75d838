package runtime

import (
	"runtime"
	"testing"
	"weak"
)

// An array part built by appending grows as the reference's does, through
// 1, 2, 4, 8 and 16 slots (the sizes its rehash picks: the smallest power
// of two more than half full); every later step at least doubles it, Go's
// size classes adding a little, and from largeArray slots on the sizes are
// the reference's powers of two again, never the up to 2.7 times of
// append's own policy.
func TestArrayGrowth(t *testing.T) {
	tb := NewTable(0, 0)
	var caps []int
	for i := int64(1); i <= 200000; i++ {
		before := cap(tb.arr)
		tb.SetInt(i, Int(i))
		if c := cap(tb.arr); c != before {
			caps = append(caps, c)
		}
	}
	for i, want := range []int{1, 2, 4, 8, 16} {
		if caps[i] != want {
			t.Fatalf("capacities %v: step %d is %d, want %d", caps, i, caps[i], want)
		}
	}
	for i := 1; i < len(caps); i++ {
		r := float64(caps[i]) / float64(caps[i-1])
		switch {
		case caps[i-1] >= largeArray:
			if caps[i]&(caps[i]-1) != 0 || r > 2 {
				t.Errorf("capacities %v: %d to %d, want the next power of two", caps, caps[i-1], caps[i])
			}
		case r < 2 || r > 2.35:
			t.Errorf("capacities %v: %d to %d is %.2f times", caps, caps[i-1], caps[i], r)
		}
	}
	if got, want := caps[len(caps)-1], 262144; got != want {
		t.Errorf("capacities %v: the last is %d, want %d", caps, got, want)
	}
	if got := tb.GetInt(200000); got.AsInt() != 200000 {
		t.Fatalf("t[200000] = %v", got)
	}
}

// A rehash sizes the array part as the reference's does (the largest
// power of two more than half full) whether it grows or shrinks, and
// every key keeps its value across the move.
func TestRehashShrinksArray(t *testing.T) {
	cases := []struct {
		name    string
		keep    int64 // t[1..keep] stay set, the rest of 1..64 is cleared
		wantCap int
	}{
		{"one left", 1, 1},
		{"none left", 0, 0},
		{"three left", 3, 4},
		{"most left", 40, 64},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := NewTable(0, 0)
			for i := int64(1); i <= 64; i++ {
				tb.SetInt(i, Int(i))
			}
			for i := c.keep + 1; i <= 64; i++ {
				tb.SetInt(i, Nil)
			}
			tb.Set(String("k"), True) // the empty hash part is full: a rehash
			if got := cap(tb.arr); got != c.wantCap {
				t.Errorf("cap(arr) = %d, want %d", got, c.wantCap)
			}
			for i := int64(1); i <= 64; i++ {
				got := tb.GetInt(i)
				if i <= c.keep && got.AsInt() != i || i > c.keep && !got.IsNil() {
					t.Errorf("t[%d] = %v", i, got)
				}
			}
			if !tb.GetStr("k").AsBool() {
				t.Error("t.k is lost")
			}
			if got := tb.Len(); got != c.keep {
				t.Errorf("#t = %d, want %d", got, c.keep)
			}
		})
	}
}

// After a shrinking rehash, a value that was in the old array part and
// then removed from the table is garbage: the old storage is not kept.
func TestRehashReleasesOldArray(t *testing.T) {
	tb := NewTable(0, 0)
	for i := int64(1); i <= 64; i++ {
		tb.SetInt(i, TableValue(NewTable(0, 0)))
	}
	last := weak.Make(tb.GetInt(64).AsTable())
	for i := int64(2); i <= 63; i++ {
		tb.SetInt(i, Nil)
	}
	tb.Set(String("k"), True) // a rehash: t[1] stays in the array, t[64] moves to the hash
	if got := cap(tb.arr); got != 1 {
		t.Fatalf("cap(arr) = %d, want 1", got)
	}
	tb.SetInt(64, Nil)
	runtime.GC()
	if last.Value() != nil {
		t.Error("t[64]'s old table is still reachable after t[64] = nil")
	}
	runtime.KeepAlive(tb)
}
