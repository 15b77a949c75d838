package runtime

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// The sizes the heap pays per table: the header is two words for the
// array part's slice (pointer, length, capacity: three), one each for the
// hash part and the metatable, and one for the packed hash size and free
// position with the metamethod cache, so six words; a hash node is a key
// (pointer, number, hash and tag with the chain offset) and a Value.
func TestTableLayout(t *testing.T) {
	const word = 8
	cases := []struct {
		name string
		got  uintptr
		want uintptr
	}{
		{"Table", unsafe.Sizeof(Table{}), 3*word + word + word + 4 + 4},
		{"node", unsafe.Sizeof(node{}), 3*word + 3*word},
		{"Value", unsafe.Sizeof(Value{}), 3 * word},
		// The tables NewTable allocates in one object (table_alloc.go):
		// each is the header plus its inline storage, which for the
		// commonest, {a, b}, is 96 bytes (a size class) where a 64-byte
		// header made it 112.
		{"table with 2 values", unsafe.Sizeof(struct {
			t Table
			a [2]Value
		}{}), 48 + 2*24},
		{"table with 1 node", unsafe.Sizeof(struct {
			t Table
			n [1]node
		}{}), 48 + 48},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("unsafe.Sizeof(%s) = %d, want %d", c.name, c.got, c.want)
		}
	}
}

// Every hash part size, up to the largest, round-trips through the
// packed field: the size, the main positions (the hash's top bits, all
// of them in range), the free position, and a free position set later
// keeps the size.
func TestHashPartSizeField(t *testing.T) {
	var first node // never read beyond: only the packed field is checked
	for lg := 0; lg <= maxNodesLog; lg++ {
		var tb Table
		tb.setNodes(&first, lg)
		size := 1 << lg
		if got := tb.nodeCount(); got != size {
			t.Fatalf("size 2^%d: nodeCount %d", lg, got)
		}
		if got := tb.lastFree(); got != size {
			t.Fatalf("size 2^%d: lastFree %d, want %d", lg, got, size)
		}
		for _, c := range []struct{ h, want uint32 }{
			{0, 0},
			{math.MaxUint32, uint32(size - 1)},
			{1 << 31, uint32(size / 2)}, // the top bit picks the upper half
			{1<<(32-lg) - 1, 0},         // bits below the top ones do not count
		} {
			if lg == 0 && c.h == 1<<31 {
				c.want = 0
			}
			if got := tb.mainIndex(c.h); got != uintptr(c.want) {
				t.Fatalf("size 2^%d: mainIndex(%#x) = %d, want %d", lg, c.h, got, c.want)
			}
		}
		for _, f := range []int{0, 1, size / 2, size - 1} {
			tb.setLastFree(f)
			if tb.lastFree() != f || tb.nodeCount() != size {
				t.Fatalf("size 2^%d, setLastFree(%d): lastFree %d, size %d", lg, f, tb.lastFree(), tb.nodeCount())
			}
		}
	}
	var empty Table
	if empty.nodes() != nil || empty.nodeCount() != 0 {
		t.Fatal("a table without a hash part has nodes")
	}
}

// refKey is a Table key as a Go map key: the tag and the bits that
// identify it (strings by content).
type refKey struct {
	t tag
	n uint64
	p unsafe.Pointer
	s string
}

func toRef(k Value) refKey {
	k = normKey(k)
	switch k.t {
	case tagString:
		return refKey{t: k.t, s: k.AsString()}
	case tagInt, tagFloat:
		return refKey{t: k.t, n: k.n}
	case tagTrue, tagFalse:
		return refKey{t: k.t}
	}
	return refKey{t: k.t, p: k.p}
}

// randomKey draws keys of every kind, from small pools so that keys
// repeat, collide in their main positions and move between the parts:
// integers inside and outside a growing array part, floats with and
// without integer values, short and long strings (made anew each time,
// so equal strings are different objects), booleans and tables.
func randomKey(r *rand.Rand, tables []*Table) Value {
	switch r.IntN(8) {
	case 0, 1:
		return Int(int64(r.IntN(300)) + 1)
	case 2:
		return Int(int64(r.IntN(64)) - 32)
	case 3:
		if r.IntN(2) == 0 {
			return Float(float64(r.IntN(50)) + 0.5)
		}
		return Float(float64(r.IntN(300) + 1)) // an integer key
	case 4, 5:
		return String(fmt.Sprintf("k%d", r.IntN(400)))
	case 6:
		return String(fmt.Sprintf("a long key, longer than short strings are: %d", r.IntN(40)))
	default:
		if r.IntN(10) == 0 {
			return Bool(r.IntN(2) == 0)
		}
		return TableValue(tables[r.IntN(len(tables))])
	}
}

// A table behaves as a map under random stores, deletions and lookups,
// through every growth and rehash of both parts; a traversal visits each
// live key once, even when it deletes what it visits; and Len returns a
// border. The reference is a Go map.
func TestTableAgainstMap(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 23))
			tables := make([]*Table, 20)
			for i := range tables {
				tables[i] = NewTable(0, 0)
			}
			// Start from each of NewTable's shapes, inline storage included.
			sizes := [][2]int{{0, 0}, {2, 0}, {4, 0}, {0, 1}, {0, 2}, {0, 4}, {2, 1}, {2, 2}, {8, 8}}
			sz := sizes[int(seed)%len(sizes)]
			tb := NewTable(sz[0], sz[1])
			ref := map[refKey]Value{}
			keys := map[refKey]Value{}
			for step := 0; step < 20000; step++ {
				k := randomKey(r, tables)
				rk := toRef(k)
				switch op := r.IntN(10); {
				case op < 6:
					v := Int(int64(step))
					tb.Set(normKey(k), v)
					ref[rk], keys[rk] = v, k
				case op < 9:
					tb.Set(normKey(k), Nil)
					delete(ref, rk)
				default:
					checkTraversal(t, tb, ref, r.IntN(3) == 0)
				}
				if got, want := tb.Get(k), ref[rk]; !RawEqual(got, want) {
					t.Fatalf("step %d: t[%v] = %v, want %v", step, k, got, want)
				}
				if step%500 == 0 {
					for rk, want := range ref {
						if got := tb.Get(keys[rk]); !RawEqual(got, want) {
							t.Fatalf("step %d: t[%v] = %v, want %v", step, keys[rk], got, want)
						}
					}
					checkBorder(t, tb)
				}
			}
			checkTraversal(t, tb, ref, true)
			if len(ref) != 0 {
				t.Fatalf("%d keys left after a deleting traversal", len(ref))
			}
		})
	}
}

// checkTraversal walks tb with Next and compares what it visits with
// ref: every live key once, with its value. With deleting, each key is
// removed as it is visited (allowed during a traversal), from ref too.
func checkTraversal(t *testing.T, tb *Table, ref map[refKey]Value, deleting bool) {
	t.Helper()
	seen := map[refKey]bool{}
	k := Nil
	for {
		nk, v, ok := tb.Next(k)
		if !ok {
			t.Fatalf("next lost key %v", k)
		}
		if nk.IsNil() {
			break
		}
		rk := toRef(nk)
		if seen[rk] {
			t.Fatalf("traversal visited %v twice", nk)
		}
		seen[rk] = true
		if want, ok := ref[rk]; !ok || !RawEqual(v, want) {
			t.Fatalf("traversal gave %v = %v, want %v (present %v)", nk, v, want, ok)
		}
		if deleting {
			tb.Set(nk, Nil)
			delete(ref, rk)
		}
		k = nk
	}
	if !deleting && len(seen) != len(ref) {
		t.Fatalf("traversal visited %d keys, the table holds %d", len(seen), len(ref))
	}
}

// checkBorder checks that #tb is a border: t[n] is not nil (or n is 0)
// and t[n+1] is nil.
func checkBorder(t *testing.T, tb *Table) {
	t.Helper()
	n := tb.Len()
	if n > 0 && tb.GetInt(n).IsNil() || !tb.GetInt(n+1).IsNil() {
		t.Fatalf("#t = %d is not a border", n)
	}
}

// Keys that all share one main position in a four-node hash part fill it
// through its free positions (freePos walking down from the top) and then
// force rehashes; each key keeps its value through every step, a
// traversal that clears the keys it visits goes on with the keys it was
// given, and dead keys stored again come back.
func TestCollidingKeysAndFreePositions(t *testing.T) {
	tb := NewTable(0, 4)
	// Integers whose hashes have the same top bits: one main position.
	var keys []int64
	for k := int64(1000); len(keys) < 64; k++ {
		if tb.mainIndex(mix64(uint64(k))) == 0 {
			keys = append(keys, k)
		}
	}
	for i, k := range keys {
		tb.SetInt(k, Int(k*2))
		for _, old := range keys[:i+1] {
			if got := tb.GetInt(old); got.AsInt() != old*2 {
				t.Fatalf("after %d keys: t[%d] = %v", i+1, old, got)
			}
		}
	}
	if len(tb.nodes()) < len(keys) {
		t.Fatalf("hash part of %d nodes holds %d keys", len(tb.nodes()), len(keys))
	}
	ref := map[refKey]Value{}
	for _, k := range keys {
		ref[toRef(Int(k))] = Int(k * 2)
	}
	checkTraversal(t, tb, ref, true)
	// Dead keys stay until the next rehash; new keys reuse nothing they
	// should not.
	for _, k := range keys[:8] {
		tb.SetInt(k, Int(-k))
	}
	for i, k := range keys {
		want := Nil
		if i < 8 {
			want = Int(-k)
		}
		if got := tb.GetInt(k); !RawEqual(got, want) {
			t.Fatalf("t[%d] = %v, want %v", k, got, want)
		}
	}
}

// Strings that are equal but distinct objects find each other's nodes,
// and long strings (no cached hash in the value) too.
func TestStringKeyCopies(t *testing.T) {
	tb := NewTable(0, 0)
	long := func(i int) string { return fmt.Sprintf("%064d", i) }
	for i := range 1000 {
		tb.Set(String(fmt.Sprint("key", i)), Int(int64(i)))
		tb.Set(String(long(i)), Int(int64(-i)))
	}
	for i := range 1000 {
		if got := tb.Get(String(fmt.Sprint("key", i))); got.AsInt() != int64(i) {
			t.Fatalf("t.key%d = %v", i, got)
		}
		k := Value{p: unsafe.Pointer(unsafe.StringData(long(i))), n: 64, t: tagString}
		if got := tb.Get(k); got.AsInt() != int64(-i) {
			t.Fatalf("t[%q] = %v", long(i), got)
		}
	}
	if got := tb.Get(Float(math.NaN())); !got.IsNil() {
		t.Fatalf("t[nan] = %v", got)
	}
}
