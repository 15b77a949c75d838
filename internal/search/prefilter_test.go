package search

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestLowerInto compares the eight-bytes-at-a-time lower-casing with
// bytes.ToLower's ASCII rule on every byte value at every offset.
func TestLowerInto(t *testing.T) {
	var src []byte
	for i := range 256 {
		src = append(src, byte(i))
	}
	for off := range 9 {
		s := src[off:]
		want := make([]byte, len(s))
		for i, c := range s {
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			want[i] = c
		}
		if got := lowerInto(make([]byte, len(s)), s); !bytes.Equal(got, want) {
			t.Fatalf("offset %d:\n got %q\nwant %q", off, got, want)
		}
	}
}

// TestIndexRare compares the rare-byte search with bytes.Index on
// random texts over a small alphabet, where matches overlap and repeat.
func TestIndexRare(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		hay := make([]byte, rng.IntN(40))
		for i := range hay {
			hay[i] = "abcm"[rng.IntN(4)]
		}
		lit := make([]byte, 1+rng.IntN(4))
		for i := range lit {
			lit[i] = "abcm"[rng.IntN(4)]
		}
		if got, want := indexRare(hay, lit, rarest(lit)), bytes.Index(hay, lit); got != want {
			t.Fatalf("indexRare(%q, %q) = %d, want %d", hay, lit, got, want)
		}
	}
	if r := rarest([]byte("timeout")); r != 2 {
		t.Errorf("rarest(timeout) = %d, want 2 (the m)", r)
	}
}
