package runtime_test

import (
	"testing"

	"panto/runtime"
)

// StrField, IntField and IndexField are the generated code's inlined
// table reads: they return a slot only for a plain hit and leave every
// other case (nil for the Frame method and the slow path to decide).
func TestFieldHelpers(t *testing.T) {
	s := "xyz"
	long, short := runtime.String(s[:2]), runtime.String(s[:1]) // one pointer, two lengths
	tab := runtime.NewTable(0, 0)
	tab.Set(runtime.String("x"), runtime.Float(1.5))
	tab.Set(long, runtime.Int(7))
	tab.SetInt(1, runtime.Int(10))
	tab.SetInt(2, runtime.Int(20))
	tv := runtime.TableValue(tab)
	empty := runtime.TableValue(runtime.NewTable(0, 0))
	notTable := runtime.Int(3)

	strCases := []struct {
		name string
		t, k runtime.Value
		want *runtime.Value // nil: no slot
	}{
		{"hit", tv, runtime.String("x"), &[]runtime.Value{runtime.Float(1.5)}[0]},
		{"same pointer, longer key stored", tv, short, nil},
		{"absent", tv, runtime.String("nope"), nil},
		{"empty table", empty, runtime.String("x"), nil},
		{"not a table", notTable, runtime.String("x"), nil},
	}
	for _, tc := range strCases {
		got := runtime.StrField(&tc.t, &tc.k)
		switch {
		case tc.want == nil && got != nil:
			t.Errorf("StrField %s: slot %v, want none", tc.name, *got)
		case tc.want != nil && (got == nil || *got != *tc.want):
			t.Errorf("StrField %s: %v, want %v", tc.name, got, *tc.want)
		}
	}
	// The slot is the table's own: a store through it is seen by Get.
	x := runtime.String("x")
	if slot := runtime.StrField(&tv, &x); slot == nil {
		t.Fatal("no slot for x")
	} else {
		*slot = runtime.Int(8)
		if v := tab.Get(x); v != runtime.Int(8) {
			t.Errorf("after a store through the slot: %v", v)
		}
	}

	tab.Set(runtime.String("x"), runtime.Nil)
	if got := runtime.StrField(&tv, &[]runtime.Value{runtime.String("x")}[0]); got != nil {
		t.Errorf("StrField of a key set to nil: %v", *got)
	}

	for _, tc := range []struct {
		name string
		t    runtime.Value
		k    int64
		want runtime.Value // Nil: no slot
	}{
		{"first", tv, 1, runtime.Int(10)},
		{"last", tv, 2, runtime.Int(20)},
		{"past the end", tv, 3, runtime.Nil},
		{"zero", tv, 0, runtime.Nil},
		{"negative", tv, -1, runtime.Nil},
		{"not a table", notTable, 1, runtime.Nil},
	} {
		got := runtime.IntField(&tc.t, tc.k)
		if (got == nil) != (tc.want == runtime.Nil) || got != nil && *got != tc.want {
			t.Errorf("IntField %s: %v, want %v", tc.name, got, tc.want)
		}
		key := runtime.Int(tc.k)
		if got2 := runtime.IndexField(&tc.t, &key); got2 != got {
			t.Errorf("IndexField %s: %v, IntField %v", tc.name, got2, got)
		}
	}
	fkey := runtime.Float(1)
	if got := runtime.IndexField(&tv, &fkey); got != nil {
		t.Errorf("IndexField with a float key: %v, want none (GetTable normalises it)", *got)
	}
	tab.SetInt(2, runtime.Nil)
	if got := runtime.IntField(&tv, 2); got != nil {
		t.Errorf("IntField of a slot set to nil: %v", *got)
	}
}

// BenchmarkStrField is the generated code's inlined GETFIELD hit.
func BenchmarkStrField(b *testing.B) {
	tab := runtime.NewTable(0, 1) // one key: in its main position
	tab.Set(runtime.String("mass"), runtime.Float(1))
	tv, k := runtime.TableValue(tab), runtime.String("mass")
	for b.Loop() {
		if runtime.StrField(&tv, &k) == nil {
			b.Fatal("miss")
		}
	}
}

// BenchmarkIntField is the generated code's inlined GETI hit.
func BenchmarkIntField(b *testing.B) {
	tab := runtime.NewTable(8, 0)
	for i := int64(1); i <= 8; i++ {
		tab.SetInt(i, runtime.Int(i))
	}
	tv := runtime.TableValue(tab)
	for b.Loop() {
		if runtime.IntField(&tv, 5) == nil {
			b.Fatal("miss")
		}
	}
}
