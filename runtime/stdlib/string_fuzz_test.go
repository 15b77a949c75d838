package stdlib

import (
	"math"
	"strings"
	"testing"

	"panto/runtime"
)

// The fuzz targets run string.format and string.pack/unpack/packsize
// through a real interpreter with arbitrary formats and arguments. Lua
// errors are expected and fine; a Go panic (index out of range in a
// formatter, a bad conversion...) escapes PCall and fails the target.

// fuzzArg builds argument i of a fuzzed call from the fuzzer's values;
// kinds picks, two bits per argument, among an integer, a float, a string
// and another type.
func fuzzArg(kinds uint16, i int, n int64, x float64, s string) runtime.Value {
	switch kinds >> (2 * i) & 3 {
	case 0:
		return runtime.Int(n + int64(i))
	case 1:
		return runtime.Float(x)
	case 2:
		return runtime.String(s)
	}
	switch i % 3 {
	case 0:
		return runtime.Nil
	case 1:
		return runtime.True
	}
	return runtime.TableValue(runtime.NewTable(0, 0))
}

// luaTry calls fn through Lua's pcall, which is much cheaper than a host
// PCall for the many calls that fail (no traceback is built). Only a Go
// panic makes the host PCall itself fail, and that fails the test.
func luaTry(t *testing.T, L *runtime.State, fn runtime.Value, args ...runtime.Value) ([]runtime.Value, bool) {
	t.Helper()
	res, err := L.PCall(L.GetGlobal("pcall"), append([]runtime.Value{fn}, args...)...)
	if err != nil {
		t.Fatalf("pcall itself failed: %v", err)
	}
	return res[1:], res[0].Truthy()
}

func FuzzStringFormat(f *testing.F) {
	for _, seed := range []string{
		"%d", "%5.2f", "%-10s|", "%q", "%x %X %o", "%a", "%c", "%g %e", "%%", "%",
		"%99.99f", "%#x", "%+ 05d", "%.3s", "%p", "%i%u", "%10q", "%y", "%0000000000000000000000d",
	} {
		f.Add(seed, uint16(0), int64(42), 3.5, "str")
		f.Add(seed, uint16(0x5555), int64(math.MinInt64), math.Inf(-1), "a\x00b")
		f.Add(seed, uint16(0xaaaa), int64(-1), math.NaN(), strings.Repeat("x", 120))
		f.Add(seed, uint16(0xffff), int64(0), -0.0, "")
	}
	L := newStringState(f)
	format := stringFunc(f, L, "format")
	load := L.GetGlobal("load")
	f.Fuzz(func(t *testing.T, fmtStr string, kinds uint16, n int64, x float64, s string) {
		args := []runtime.Value{runtime.String(fmtStr)}
		for i := range 6 {
			args = append(args, fuzzArg(kinds, i, n, x, s))
		}
		luaTry(t, L, format, args...)

		// %q must read back as the same value.
		for _, v := range []runtime.Value{runtime.String(s), runtime.Int(n), runtime.Float(x)} {
			res, ok := luaTry(t, L, format, runtime.String("%q"), v)
			if !ok {
				t.Fatalf("%%q of %s: %s", L.ToString(v), L.ToString(res[0]))
			}
			chunk, ok := luaTry(t, L, load, runtime.String("return "+res[0].AsString()))
			if !ok || !chunk[0].IsFunction() {
				t.Fatalf("%%q result %q does not load", res[0].AsString())
			}
			back, ok := luaTry(t, L, chunk[0])
			if !ok {
				t.Fatalf("%%q result %q: %s", res[0].AsString(), L.ToString(back[0]))
			}
			if b := back[0]; !runtime.RawEqual(b, v) && !(x != x && b.IsFloat() && b.AsFloat() != b.AsFloat()) {
				t.Fatalf("%%q of %s read back as %s", L.ToString(v), L.ToString(b))
			}
		}
	})
}

// hugeCount reports whether a pack format asks for a size with more than
// six digits: the reference would build strings of gigabytes, which is
// faithful but useless to fuzz.
func hugeCount(format string) bool {
	run := 0
	for i := 0; i < len(format); i++ {
		if format[i] >= '0' && format[i] <= '9' {
			run++
			if run > 6 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

func FuzzStringPack(f *testing.F) {
	for _, seed := range []string{
		"i4", "<i2 >i2 =i4", "!4 b i4", "z", "s1", "c5", "d f n j J T", "Xi4 b",
		"i16", "I3", "!8 Xd b", "s", "c0", ">!2 h xx H", "q", "i17", "!3", "",
	} {
		f.Add(seed, uint16(0), int64(7), 1.5, "ab", "\x01\x02\x03\x04\x05\x06\x07\x08", int64(1))
		f.Add(seed, uint16(0x5555), int64(-1), math.NaN(), "", "", int64(-3))
		f.Add(seed, uint16(0xaaaa), int64(math.MaxInt64), -0.0, "a\x00", "\xff\xff\xff\xff", int64(0))
	}
	L := newStringState(f)
	pack := stringFunc(f, L, "pack")
	unpack := stringFunc(f, L, "unpack")
	packsize := stringFunc(f, L, "packsize")
	f.Fuzz(func(t *testing.T, format string, kinds uint16, n int64, x float64, s, data string, pos int64) {
		if hugeCount(format) {
			t.Skip()
		}
		fv := runtime.String(format)
		args := []runtime.Value{fv}
		for i := range 8 {
			args = append(args, fuzzArg(kinds, i, n, x, s))
		}
		if res, ok := luaTry(t, L, pack, args...); ok {
			packed := res[0]
			back, ok := luaTry(t, L, unpack, fv, packed)
			if !ok {
				// Packing succeeded, so the same format must read it back
				// (the data is exactly what it describes).
				t.Fatalf("unpack(%q, pack(...)) failed: %s", format, L.ToString(back[0]))
			}
			if next := back[len(back)-1]; next.AsInt() != int64(len(packed.AsString()))+1 {
				t.Fatalf("unpack(%q) stopped at %d of %d bytes", format, next.AsInt(), len(packed.AsString()))
			}
		}
		luaTry(t, L, unpack, fv, runtime.String(data), runtime.Int(pos))
		luaTry(t, L, packsize, fv)
	})
}
