package runtime

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestSetStrNoGrowMatchesSetStr stores random string keys, many of them
// colliding, into two tables of each small size: one through setStr, the
// other through setStrNoGrow (generated code's newField), falling back to
// setStr when it reports a growth, as the slow path does. The node layouts
// (which pairs' order follows) must stay identical after every store.
func TestSetStrNoGrowMatchesSetStr(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	refused := 0
	for trial := 0; trial < 3000; trial++ {
		nhash := 1 << rng.IntN(4)
		a, b := NewTable(0, nhash), NewTable(0, nhash)
		for i := range rng.IntN(3*nhash + 1) {
			k := String("k" + strconv.Itoa(rng.IntN(3*nhash)))
			v := Int(int64(i + 1))
			a.setStr(k, v)
			if !b.setStrNoGrow(k, v) {
				refused++
				b.setStr(k, v)
			}
			na, nb := a.nodes(), b.nodes()
			if len(na) != len(nb) || a.sizeFree != b.sizeFree {
				t.Fatalf("trial %d, store %d: %d nodes (sizeFree %#x) by setStr, %d (%#x) by setStrNoGrow", trial, i, len(na), a.sizeFree, len(nb), b.sizeFree)
			}
			for j := range na {
				if na[j].key != nb[j].key || !RawEqual(na[j].val, nb[j].val) {
					t.Fatalf("trial %d, store %d: node %d differs: %+v by setStr, %+v by setStrNoGrow", trial, i, j, na[j], nb[j])
				}
			}
		}
	}
	if refused == 0 {
		t.Fatal("no store needed a growth: the fallback went untested")
	}
}
