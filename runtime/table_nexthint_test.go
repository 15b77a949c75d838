package runtime

import (
	"math/rand"
	"testing"
)

// TestNextHintMatchesNext walks tables with nextHint, given the index it
// returned at the previous step or a wrong one, and compares every step
// with Next: a hint must only ever spare the look-up, never change the
// traversal, also after fields were cleared and the table rehashed.
func TestNextHintMatchesNext(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for round := 0; round < 200; round++ {
		tab := NewTable(rng.Intn(4), rng.Intn(8))
		n := rng.Intn(40)
		for i := 0; i < n; i++ {
			var k Value
			switch rng.Intn(4) {
			case 0:
				k = Int(int64(rng.Intn(20) + 1))
			case 1:
				k = Float(float64(rng.Intn(50)) + 0.5)
			default:
				k = String(string(rune('a' + rng.Intn(26))))
			}
			tab.Set(k, Int(int64(i)))
		}
		k, hint, steps := Nil, 0, 0
		for {
			h := hint
			switch rng.Intn(4) {
			case 0:
				h = rng.Intn(tab.nodeCount() + len(tab.arr) + 3)
			case 1:
				h = 0
			}
			wk, wv, wok := tab.Next(k)
			gk, gv, next, gok := tab.nextHint(k, h)
			if wok != gok || !RawEqual(wk, gk) || !RawEqual(wv, gv) || wk.t != gk.t {
				t.Fatalf("round %d step %d: hint %d: nextHint gave %v %v %v, Next %v %v %v", round, steps, h, gk, gv, gok, wk, wv, wok)
			}
			if gk.t == tagNil {
				break
			}
			// Clearing the field just returned is allowed during a
			// traversal and leaves its node in place.
			if rng.Intn(5) == 0 {
				tab.Set(gk, Nil)
			}
			k, hint = gk, next
			steps++
		}
	}
}
