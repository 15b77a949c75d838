package search

import (
	"bytes"
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
