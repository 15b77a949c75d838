package runtime

import (
	"strconv"
	"strings"
	"testing"
)

// Focused benchmarks of the table's string-key paths, below the VM: the
// keys are built the way the VM sees them (constants of one function used
// on a table whose keys came from another function's constants).

var nbodyFields = []string{"x", "y", "z", "vx", "vy", "vz", "mass"}

// constKeys returns fresh copies of names as constant-like values (hash
// cached, data not shared with the originals).
func constKeys(names []string) []Value {
	ks := make([]Value, len(names))
	for i, s := range names {
		ks[i] = String(strings.Clone(s))
		ks[i].h = hashString(s)
	}
	return ks
}

func bodyTable() *Table {
	t := NewTable(0, len(nbodyFields))
	for i, k := range constKeys(nbodyFields) {
		t.Set(k, Float(float64(i)))
	}
	return t
}

// BenchmarkGetStrOtherConst reads fields with keys equal in content to,
// but not the same strings as, the stored keys.
func BenchmarkGetStrOtherConst(b *testing.B) {
	t := bodyTable()
	ks := constKeys(nbodyFields)
	var s float64
	for i := 0; b.Loop(); i++ {
		s += t.getStr(ks[i%7]).AsFloat()
	}
	_ = s
}

// BenchmarkGetStrSameConst reads fields with the very keys stored.
func BenchmarkGetStrSameConst(b *testing.B) {
	t := NewTable(0, len(nbodyFields))
	ks := constKeys(nbodyFields)
	for i, k := range ks {
		t.Set(k, Float(float64(i)))
	}
	var s float64
	for i := 0; b.Loop(); i++ {
		s += t.getStr(ks[i%7]).AsFloat()
	}
	_ = s
}

// BenchmarkGetStrMiss looks up names absent from the table (a method
// looked up on an object before its class).
func BenchmarkGetStrMiss(b *testing.B) {
	t := bodyTable()
	ks := constKeys([]string{"area", "perimeter", "weight", "scale", "side", "dot", "kind"})
	n := 0
	for i := 0; b.Loop(); i++ {
		if t.getStr(ks[i%7]).t == tagNil {
			n++
		}
	}
	_ = n
}

// BenchmarkSetStrExisting overwrites existing fields.
func BenchmarkSetStrExisting(b *testing.B) {
	t := bodyTable()
	ks := constKeys(nbodyFields)
	for i := 0; b.Loop(); i++ {
		t.Set(ks[i%7], Float(float64(i)))
	}
}

// BenchmarkNewSmallObject builds {x=, y=} objects the way the VM does for
// a constructor with two fields.
func BenchmarkNewSmallObject(b *testing.B) {
	ks := constKeys([]string{"x", "y"})
	var t *Table
	for i := 0; b.Loop(); i++ {
		t = NewTable(0, 2)
		t.Set(ks[0], Int(int64(i)))
		t.Set(ks[1], Int(int64(i)))
	}
	_ = t
}

// BenchmarkNewObjectGrow builds an object field by field from an empty
// constructor (self = setmetatable({}, C); self.a = ...; ...).
func BenchmarkNewObjectGrow(b *testing.B) {
	ks := constKeys([]string{"kind", "w", "h"})
	var t *Table
	for i := 0; b.Loop(); i++ {
		t = NewTable(0, 0)
		for _, k := range ks {
			t.Set(k, Int(int64(i)))
		}
	}
	_ = t
}

// BenchmarkNewPair builds {a, b} (binary_trees' nodes) and {} leaves.
func BenchmarkNewPair(b *testing.B) {
	var t *Table
	for b.Loop() {
		l := NewTable(0, 0)
		r := NewTable(0, 0)
		t = NewTable(2, 0)
		t.ensureArray(2)
		t.arr[0] = TableValue(l)
		t.arr[1] = TableValue(r)
	}
	_ = t
}

// BenchmarkAppend fills a fresh table with t[#t+1] = v, 100 items.
func BenchmarkAppend(b *testing.B) {
	var t *Table
	for b.Loop() {
		t = NewTable(0, 0)
		for i := int64(1); i <= 100; i++ {
			t.SetInt(i, Int(i))
		}
	}
	_ = t
}

// BenchmarkStringKeysFresh inserts then reads keys built at run time.
func BenchmarkStringKeysFresh(b *testing.B) {
	keys := make([]Value, 64)
	for i := range keys {
		keys[i] = String("key" + strconv.Itoa(i))
	}
	t := NewTable(0, 0)
	for _, k := range keys {
		t.Set(k, True)
	}
	probe := constKeys(func() []string {
		s := make([]string, 64)
		for i := range s {
			s[i] = "key" + strconv.Itoa(i)
		}
		return s
	}())
	n := 0
	for i := 0; b.Loop(); i++ {
		if t.getStr(probe[i&63]).t != tagNil {
			n++
		}
	}
	_ = n
}

// BenchmarkNext traverses a record of 12 string keys and 4 items, as
// pairs does (one op = one whole traversal).
func BenchmarkNext(b *testing.B) {
	t := NewTable(4, 12)
	for i := int64(1); i <= 4; i++ {
		t.SetInt(i, Int(i))
	}
	for _, k := range constKeys([]string{"id", "name", "email", "active", "score", "balance", "ratio", "tags", "address", "history", "note", "extra"}) {
		t.Set(k, True)
	}
	n := 0
	for i := 0; b.Loop(); i++ {
		k := Nil
		for {
			nk, _, ok := t.Next(k)
			if !ok || nk.t == tagNil {
				break
			}
			n++
			k = nk
		}
	}
	_ = n
}
