package pattern

import (
	"strings"
	"testing"
)

func BenchmarkTrim(b *testing.B) {
	s := "   \t some text to be trimmed, of a typical length \n  "
	for b.Loop() {
		if _, ok, err := Find(s, "^%s*(.-)%s*$", 0); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}

func BenchmarkTrimUnanchored(b *testing.B) {
	s := "   \t some text to be trimmed, of a typical length \n  "
	for b.Loop() {
		if _, ok, err := Find(s, "%s*(.-)%s*$", 0); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}

func BenchmarkKeyValueGmatch(b *testing.B) {
	s := strings.Repeat("name=value, key2=42; ", 20)
	for b.Loop() {
		it := NewMatcher(s, "(%w+)=(%w+)", 0)
		n := 0
		for {
			_, ok, err := it.Next()
			if err != nil {
				b.Fatal(err)
			}
			if !ok {
				break
			}
			n++
		}
		if n != 40 {
			b.Fatal(n)
		}
	}
}

func BenchmarkDigitsFind(b *testing.B) {
	s := strings.Repeat("lorem ipsum dolor ", 10) + "12345"
	for b.Loop() {
		if _, ok, err := Find(s, "%d+", 0); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}

func BenchmarkDigitsGsub(b *testing.B) {
	s := strings.Repeat("item 12 costs 345 units; ", 20)
	var buf []byte
	for b.Loop() {
		_, n, err := Gsub(s, "%d+", -1, func(m Match) (string, bool, error) {
			var err error
			buf, err = ExpandReplacement(buf[:0], "<%0>", s, m)
			return string(buf), false, err
		})
		if n != 40 || err != nil {
			b.Fatal(n, err)
		}
	}
}
