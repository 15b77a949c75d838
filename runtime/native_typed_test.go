package runtime_test

import (
	"testing"

	"panto/runtime"
)

// FieldSlot and FieldFind are the typed loop copies' field reads and
// stores with a hint: a slot only for a key holding a value, whatever the
// hint says, and the hint leads FieldSlot to the key once FieldFind has
// found it.
func TestFieldHint(t *testing.T) {
	tab := runtime.NewTable(0, 8)
	keys := []string{"x", "y", "z", "vx", "vy", "vz", "mass"}
	for n, k := range keys {
		tab.Set(runtime.String(k), runtime.Float(float64(n)+0.5))
	}
	tv := runtime.TableValue(tab)
	for n, name := range keys {
		k := runtime.String(name)
		var h runtime.Hint
		want := runtime.Float(float64(n) + 0.5)
		if s := runtime.FieldSlot(&tv, &k, &h); s != nil && *s != want {
			t.Errorf("%s: FieldSlot with a fresh hint gave %v", name, *s)
		}
		s := runtime.FieldFind(&tv, &k, &h)
		if s == nil || *s != want {
			t.Fatalf("%s: FieldFind gave %v, want %v", name, s, want)
		}
		if s2 := runtime.FieldSlot(&tv, &k, &h); s2 != s {
			t.Errorf("%s: FieldSlot after FieldFind gave %p, want %p", name, s2, s)
		}
		// Another key through the same hint: never the wrong slot.
		other := runtime.String(keys[(n+1)%len(keys)])
		if s3 := runtime.FieldSlot(&tv, &other, &h); s3 != nil {
			t.Errorf("%s: FieldSlot of %s through its hint gave %v", name, keys[(n+1)%len(keys)], *s3)
		}
	}
	x := runtime.String("x")
	var h runtime.Hint
	runtime.FieldFind(&tv, &x, &h)
	tab.Set(x, runtime.Nil)
	if s := runtime.FieldSlot(&tv, &x, &h); s != nil {
		t.Errorf("a key set to nil: FieldSlot gave %v", *s)
	}
	if s := runtime.FieldFind(&tv, &x, &h); s != nil {
		t.Errorf("a key set to nil: FieldFind gave %v", *s)
	}
	notTable := runtime.Int(1)
	if runtime.FieldSlot(&notTable, &x, &h) != nil || runtime.FieldFind(&notTable, &x, &h) != nil {
		t.Error("a slot in a number")
	}
}

// ArraySlot, FloatField and FloatSlot: array slots for integer keys and
// integral float keys, only where a store or read needs no metamethod.
func TestArraySlots(t *testing.T) {
	tab := runtime.NewTable(4, 0)
	for i := int64(1); i <= 4; i++ {
		tab.SetInt(i, runtime.Int(i*10))
	}
	tv := runtime.TableValue(tab)
	cases := []struct {
		name string
		got  *runtime.Value
		want runtime.Value // Nil: no slot
	}{
		{"ArraySlot 1", runtime.ArraySlot(&tv, 1), runtime.Int(10)},
		{"ArraySlot 4", runtime.ArraySlot(&tv, 4), runtime.Int(40)},
		{"ArraySlot 0", runtime.ArraySlot(&tv, 0), runtime.Nil},
		{"ArraySlot 5", runtime.ArraySlot(&tv, 5), runtime.Nil},
		{"ArraySlot -1", runtime.ArraySlot(&tv, -1), runtime.Nil},
		{"FloatField 2.0", runtime.FloatField(&tv, 2.0), runtime.Int(20)},
		{"FloatField 2.5", runtime.FloatField(&tv, 2.5), runtime.Nil},
		{"FloatField 2^63", runtime.FloatField(&tv, 9223372036854775808.0), runtime.Nil},
		{"FloatField -2^63", runtime.FloatField(&tv, -9223372036854775808.0), runtime.Nil},
		{"FloatSlot 3.0", runtime.FloatSlot(&tv, 3.0), runtime.Int(30)},
		{"FloatSlot 1e300", runtime.FloatSlot(&tv, 1e300), runtime.Nil},
	}
	for _, c := range cases {
		switch {
		case c.want == runtime.Nil && c.got != nil:
			t.Errorf("%s: slot %v, want none", c.name, *c.got)
		case c.want != runtime.Nil && (c.got == nil || *c.got != c.want):
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
	// An empty array slot may be stored into only without a metatable.
	tab.SetInt(2, runtime.Nil)
	if runtime.ArraySlot(&tv, 2) == nil {
		t.Error("no slot for an empty index of a table without a metatable")
	}
	tab.SetMetatable(runtime.NewTable(0, 0))
	if runtime.ArraySlot(&tv, 2) != nil {
		t.Error("a slot for an empty index of a table with a metatable")
	}
	if runtime.ArraySlot(&tv, 1) == nil {
		t.Error("no slot for a full index of a table with a metatable")
	}
}
