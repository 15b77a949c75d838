package binpack

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
)

type packCase struct {
	format string
	args   []any
	want   string // hex of the result, or "ERR " and the reference's message
}

type unpackCase struct {
	format string
	data   string // hex
	pos    int
	want   string // "i:N", "f:<bits hex>", "s:<hex>" separated by spaces, or "ERR ..."
}

type sizeCase struct {
	format string
	want   string
}

// h decodes the hex strings of the generated tables.
func h(s string) string {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// f decodes a float written as the hex of its IEEE bits.
func f(s string) float64 {
	u, err := strconv.ParseUint(s, 16, 64)
	if err != nil {
		panic(err)
	}
	return math.Float64frombits(u)
}

// luaArgs mimics the checks the VM applies to string.pack's arguments
// (luaL_checkinteger and friends), enough for the oracle cases.  The first
// missing argument reports "got nil" because string.pack pushes a nil
// after its arguments, exactly as in the reference.
type luaArgs []any

func (a luaArgs) get(i int, want string) (any, error) {
	if i-2 >= len(a) {
		return nil, &ArgError{i, want + " expected, got nil"}
	}
	return a[i-2], nil
}

func (a luaArgs) Int(i int) (int64, error) {
	v, err := a.get(i, "number")
	if err != nil {
		return 0, err
	}
	switch v := v.(type) {
	case int64:
		return v, nil
	case float64:
		if v >= -0x1p63 && v < 0x1p63 && v == math.Floor(v) {
			return int64(v), nil
		}
		return 0, &ArgError{i, "number has no integer representation"}
	case string:
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			return n, nil
		}
	}
	return 0, &ArgError{i, "number expected, got " + typeName(v)}
}

func (a luaArgs) Float(i int) (float64, error) {
	v, err := a.get(i, "number")
	if err != nil {
		return 0, err
	}
	switch v := v.(type) {
	case int64:
		return float64(v), nil
	case float64:
		return v, nil
	case string:
		if x, err := strconv.ParseFloat(v, 64); err == nil {
			return x, nil
		}
	}
	return 0, &ArgError{i, "number expected, got " + typeName(v)}
}

func (a luaArgs) String(i int) (string, error) {
	v, err := a.get(i, "string")
	if err != nil {
		return "", err
	}
	switch v := v.(type) {
	case string:
		return v, nil
	case int64:
		return strconv.FormatInt(v, 10), nil
	}
	return "", &ArgError{i, "string expected, got " + typeName(v)}
}

func typeName(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case int64, float64:
		return "number"
	}
	return "nil"
}

// luaMessage renders err as the reference prints it for function fn.
func luaMessage(err error, fn string) string {
	var ae *ArgError
	if errors.As(err, &ae) {
		return fmt.Sprintf("bad argument #%d to '%s' (%s)", ae.Arg, fn, ae.Msg)
	}
	return err.Error()
}

func formatValues(vals []Value, next int) string {
	var parts []string
	for _, v := range vals {
		switch v.Kind {
		case KindInt:
			parts = append(parts, fmt.Sprintf("i:%d", v.Int))
		case KindFloat:
			parts = append(parts, fmt.Sprintf("f:%016x", math.Float64bits(v.Float)))
		case KindString:
			parts = append(parts, "s:"+hex.EncodeToString([]byte(v.Str)))
		}
	}
	parts = append(parts, fmt.Sprintf("i:%d", next))
	return strings.Join(parts, " ")
}

func TestPackOracle(t *testing.T) {
	for _, c := range packCases {
		t.Run(c.format, func(t *testing.T) {
			out, err := Pack([]byte("prefix"), c.format, luaArgs(c.args), 2)
			var got string
			if err != nil {
				got = "ERR " + luaMessage(err, "string.pack")
			} else {
				if !strings.HasPrefix(string(out), "prefix") {
					t.Errorf("Pack(%q) lost dst", c.format)
				}
				got = hex.EncodeToString(out[len("prefix"):])
			}
			if got != c.want {
				t.Errorf("Pack(%q, %v):\n got %s\nwant %s", c.format, c.args, got, c.want)
			}
		})
	}
}

func TestUnpackOracle(t *testing.T) {
	for _, c := range unpackCases {
		t.Run(c.format, func(t *testing.T) {
			vals, next, err := Unpack(c.format, h(c.data), c.pos)
			var got string
			if err != nil {
				got = "ERR " + luaMessage(err, "string.unpack")
			} else {
				got = formatValues(vals, next)
			}
			if got != c.want {
				t.Errorf("Unpack(%q, %s, %d):\n got %s\nwant %s", c.format, c.data, c.pos, got, c.want)
			}
		})
	}
}

func TestPackSizeOracle(t *testing.T) {
	for _, c := range sizeCases {
		t.Run(c.format, func(t *testing.T) {
			n, err := PackSize(c.format)
			got := strconv.Itoa(n)
			if err != nil {
				got = "ERR " + luaMessage(err, "string.packsize")
			}
			if got != c.want {
				t.Errorf("PackSize(%q) = %s, want %s", c.format, got, c.want)
			}
		})
	}
}

func TestCaseCount(t *testing.T) {
	if n := len(packCases) + len(unpackCases) + len(sizeCases); n < 120 {
		t.Fatalf("only %d oracle cases", n)
	}
}

// Round trips through Pack, Unpack and PackSize agree with each other.
func TestRoundTrip(t *testing.T) {
	format := "<b B h H i3 I5 l L j J T f d n s1 z c4 x Xi8 i16 I9 >i2 =I2"
	args := luaArgs{int64(-1), int64(255), int64(-300), int64(65535), int64(-8388608), int64(1 << 39),
		int64(math.MinInt64), int64(-1), int64(7), int64(8), int64(9), 0.5, -1.25, 1e100,
		"hi", "zero-terminated", "ab", int64(math.MinInt64), int64(-1), int64(-2), int64(3)}
	out, err := Pack(nil, format, args, 2)
	if err != nil {
		t.Fatal(err)
	}
	vals, next, err := Unpack(format, string(out), 1)
	if err != nil {
		t.Fatal(err)
	}
	if next != len(out)+1 {
		t.Errorf("next = %d, len = %d", next, len(out))
	}
	want := "i:-1 i:255 i:-300 i:65535 i:-8388608 i:549755813888 i:-9223372036854775808 i:-1 i:7 i:8 i:9 " +
		"f:3fe0000000000000 f:bff4000000000000 f:54b249ad2594c37d s:6869 s:7a65726f2d7465726d696e61746564 s:61620000 " +
		"i:-9223372036854775808 i:-1 i:-2 i:3"
	if got := formatValues(vals, next); got != want+fmt.Sprintf(" i:%d", next) {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	sz, err := PackSize("<b B h H i3 I5 l L j J T f d n")
	if err != nil || sz != 74 {
		t.Errorf("PackSize = %d, %v", sz, err)
	}
}

func TestPackLimit(t *testing.T) {
	cases := []struct {
		format string
		args   luaArgs
		limit  int
		ok     bool
	}{
		{"c10", luaArgs{"a"}, 10, true},
		{"c11", luaArgs{"a"}, 10, false},
		{"c2000000000", luaArgs{"a"}, 1 << 20, false},
		{"s1", luaArgs{"abc"}, 4, true},
		{"s1", luaArgs{"abcd"}, 4, false},
		{"z", luaArgs{"abc"}, 4, true},
		{"z", luaArgs{"abcd"}, 4, false},
		{"i16i16", luaArgs{int64(1), int64(2)}, 31, false},
		{"b!8d", luaArgs{int64(1), 2.0}, 15, false},
		{"b!8d", luaArgs{int64(1), 2.0}, 16, true},
		{"xx", nil, 1, false},
	}
	for _, c := range cases {
		t.Run(c.format, func(t *testing.T) {
			out, err := PackLimit(nil, c.format, c.args, 2, c.limit)
			if c.ok != (err == nil) {
				t.Errorf("PackLimit(%q, %d): %v", c.format, c.limit, err)
			}
			if len(out) > c.limit {
				t.Errorf("PackLimit(%q, %d) produced %d bytes", c.format, c.limit, len(out))
			}
			var ae *ArgError
			if err != nil && (!errors.As(err, &ae) || ae.Arg != 1 || ae.Msg != "format result too large") {
				t.Errorf("PackLimit(%q): %v", c.format, err)
			}
		})
	}
}

// The argument numbers follow firstArg, and the VM's own errors pass
// through unchanged.
func TestArgNumbering(t *testing.T) {
	_, err := Pack(nil, "i1 x i1 i1", luaArgs{int64(1), int64(2), int64(300)}, 2)
	var ae *ArgError
	if !errors.As(err, &ae) || ae.Arg != 4 || ae.Msg != "integer overflow" {
		t.Errorf("got %v", err)
	}
	_, err = Pack(nil, "i4 i4", luaArgs{int64(1)}, 2)
	if luaMessage(err, "pack") != "bad argument #3 to 'pack' (number expected, got nil)" {
		t.Errorf("got %v", err)
	}
	_, err = Pack(nil, "i4", luaArgs{1.5}, 2)
	if luaMessage(err, "pack") != "bad argument #2 to 'pack' (number has no integer representation)" {
		t.Errorf("got %v", err)
	}
	_, err = Pack(nil, "!3 b i4", luaArgs{int64(1), int64(2)}, 2)
	if luaMessage(err, "pack") != "bad argument #1 to 'pack' (format asks for alignment not power of 2)" {
		t.Errorf("got %v", err)
	}
}

func TestUnpackPositions(t *testing.T) {
	// Lua's posrelatI: 0 and anything before the start clip to 1.
	for i, c := range []struct {
		pos, next int
		err       bool
	}{
		{1, 5, false}, {0, 5, false}, {-4, 5, false}, {-5, 5, false}, {math.MinInt, 5, false},
		{2, 0, true}, {5, 0, true}, {6, 0, true}, {math.MaxInt, 0, true},
	} {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			_, next, err := Unpack("i4", "abcd", c.pos)
			if (err != nil) != c.err || (!c.err && next != c.next) {
				t.Errorf("pos %d: next %d, err %v", c.pos, next, err)
			}
		})
	}
	_, next, err := Unpack("", "abcd", 5)
	if err != nil || next != 5 {
		t.Errorf("empty format at end: %d, %v", next, err)
	}
}
