package binpack

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

// fuzzArgs derives argument values from fuzz input: argument i reads bytes
// starting at offset 8*i of the pool, so every option gets some value.
type fuzzArgs struct{ pool string }

func (a fuzzArgs) chunk(i int) string {
	if len(a.pool) == 0 {
		return ""
	}
	off := (8 * i) % len(a.pool)
	return a.pool[off:]
}

func (a fuzzArgs) Int(i int) (int64, error) {
	var b [8]byte
	copy(b[:], a.chunk(i))
	n := int64(binary.LittleEndian.Uint64(b[:]))
	if i%3 == 0 {
		n >>= 40 // small values too, so narrow options succeed
	}
	return n, nil
}

func (a fuzzArgs) Float(i int) (float64, error) {
	n, _ := a.Int(i)
	return float64(n) / 3, nil
}

func (a fuzzArgs) String(i int) (string, error) {
	s := a.chunk(i)
	if i%2 == 0 && len(s) > 5 {
		s = s[:5]
	}
	if i == 7 {
		return "", &ArgError{i, "string expected, got nil"}
	}
	return s, nil
}

const fuzzLimit = 1 << 16

// FuzzPack checks that any format and arguments either pack or fail with a
// proper error, never panic, never exceed the size limit, and that what
// Pack produces is accepted by Unpack and measured by PackSize.
func FuzzPack(f *testing.F) {
	f.Add("<i4 >h z s1 c3 !8 d Xj", "0123456789abcdefghijklmnopqrstuvwxyz")
	f.Add("i16i16i16i16 I9 i9 b B", "\xff\xff\xff\xff\xff\xff\xff\xff")
	f.Add("c2000000000", "a")
	f.Add("s16 s9 !16 Xi16 x", "")
	f.Add("! b Xi4 b X", "\x01\x02")
	f.Fuzz(func(t *testing.T, format, pool string) {
		out, err := PackLimit(nil, format, fuzzArgs{pool}, 2, fuzzLimit)
		if len(out) > fuzzLimit {
			t.Fatalf("result of %d bytes exceeds the limit", len(out))
		}
		if err != nil {
			return
		}
		vals, next, err := Unpack(format, string(out), 1)
		if err != nil {
			t.Fatalf("Unpack of packed data failed: %v", err)
		}
		if next != len(out)+1 {
			t.Fatalf("Unpack consumed %d of %d bytes", next-1, len(out))
		}
		if len(vals) > len(format) {
			t.Fatalf("%d values from a %d-byte format", len(vals), len(format))
		}
		if n, err := PackSize(format); err == nil && n != len(out) {
			t.Fatalf("PackSize %d, packed %d bytes", n, len(out))
		}
	})
}

// FuzzUnpack checks that any format, data and position either unpack or
// fail with a proper error, never panic, and agree with PackSize.
func FuzzUnpack(f *testing.F) {
	f.Add("<i4 >h z s1 c3 !8 d Xj", "0123456789abcdefghijklmnopqrstuvwxyz", 1)
	f.Add("s16", "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x7f", 1)
	f.Add("i16i9I9", strings.Repeat("\xff", 34), -34)
	f.Add("c999999999", "abc", 0)
	f.Add("z z", "a\x00b", 2)
	f.Fuzz(func(t *testing.T, format, data string, pos int) {
		vals, next, err := Unpack(format, data, pos)
		size, serr := PackSize(format)
		if err != nil {
			var ae *ArgError
			if serr == nil && pos == 1 && len(data) >= size && errors.As(err, &ae) {
				t.Fatalf("PackSize %d fits in %d bytes but Unpack failed: %v", size, len(data), err)
			}
			return
		}
		if next < 1 || next > len(data)+1 {
			t.Fatalf("next position %d out of range for %d bytes", next, len(data))
		}
		if len(vals) > len(format) {
			t.Fatalf("%d values from a %d-byte format", len(vals), len(format))
		}
		if serr == nil && pos == 1 && next != size+1 {
			t.Fatalf("PackSize %d but Unpack consumed %d", size, next-1)
		}
	})
}
