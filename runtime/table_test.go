package runtime

import (
	"math"
	"testing"
)

func TestTableArrayAndHash(t *testing.T) {
	tb := NewTable(0, 0)
	for i := int64(1); i <= 1000; i++ {
		tb.SetInt(i, Int(i*i))
	}
	tb.Set(String("name"), String("x"))
	tb.Set(Float(2.5), True)
	tb.Set(Float(3.0), String("three")) // float keys with integer values are integer keys
	if got := tb.GetInt(3); got.AsString() != "three" {
		t.Fatalf("t[3] = %v", got)
	}
	if got := tb.Get(Float(2.5)); !got.AsBool() {
		t.Fatalf("t[2.5] = %v", got)
	}
	if got := tb.Len(); got != 1000 {
		t.Fatalf("#t = %d", got)
	}
	if got := tb.GetStr("name"); got.AsString() != "x" {
		t.Fatalf("t.name = %v", got)
	}
	if got := tb.Get(Float(math.Inf(1))); !got.IsNil() {
		t.Fatalf("t[inf] = %v", got)
	}
}

// Clearing fields during a traversal is allowed: next must still find the
// key it was given.
func TestNextWhileClearing(t *testing.T) {
	tb := NewTable(0, 0)
	for i := 0; i < 200; i++ {
		tb.Set(String(string(rune('a'+i%26))+string(rune('A'+i/26))), Int(int64(i)))
	}
	for i := int64(1); i <= 50; i++ {
		tb.SetInt(i, Int(i))
	}
	seen := 0
	k := Nil
	for {
		nk, _, ok := tb.Next(k)
		if !ok {
			t.Fatalf("next lost key %v", k)
		}
		if nk.IsNil() {
			break
		}
		seen++
		tb.Set(nk, Nil)
		k = nk
	}
	if seen != 250 {
		t.Fatalf("visited %d keys, want 250", seen)
	}
	if k, _, _ := tb.Next(Nil); !k.IsNil() {
		t.Fatalf("table not empty after clearing: %v", k)
	}
}

func TestLenBorders(t *testing.T) {
	tb := NewTable(0, 0)
	if tb.Len() != 0 {
		t.Fatal("empty table has length")
	}
	for i := int64(1); i <= 10; i++ {
		tb.SetInt(i, True)
	}
	tb.SetInt(10, Nil)
	if got := tb.Len(); got != 9 {
		t.Fatalf("#t after removing the last = %d", got)
	}
	tb.SetInt(5, Nil)
	if got := tb.Len(); got != 9 && got != 4 {
		t.Fatalf("#t = %d is not a border", got)
	}
	// Keys only in the hash part.
	h := NewTable(0, 0)
	h.SetInt(2, True)
	h.SetInt(1, True)
	h.SetInt(3, True)
	if got := h.Len(); got != 3 {
		t.Fatalf("#h = %d", got)
	}
}

func TestRawEqualIntFloat(t *testing.T) {
	if !RawEqual(Int(1), Float(1)) || RawEqual(Int(1<<53+1), Float(1<<53)) {
		t.Fatal("int/float equality is not exact")
	}
	if RawEqual(Float(math.NaN()), Float(math.NaN())) {
		t.Fatal("NaN equals itself")
	}
}
