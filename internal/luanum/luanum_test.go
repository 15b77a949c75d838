package luanum

import (
	"fmt"
	"math"
	"strconv"
	"testing"
)

// The expected values in lua_cases_test.go were produced by the reference
// interpreter (see testdata/gen_cases.lua); these tests only replay them.

func TestStrToNumber(t *testing.T) {
	for _, c := range parseCases {
		t.Run(c.in, func(t *testing.T) {
			i, f, isFloat, ok := StrToNumber(c.in)
			switch c.kind {
			case 'n':
				if ok {
					t.Errorf("StrToNumber(%q) = %d, %v, %v, true; want failure", c.in, i, f, isFloat)
				}
			case 'i':
				if !ok || isFloat || i != c.i {
					t.Errorf("StrToNumber(%q) = %d, %v, %v, %v; want integer %d", c.in, i, f, isFloat, ok, c.i)
				}
			case 'f':
				if !ok || !isFloat || math.Float64bits(f) != c.f {
					t.Errorf("StrToNumber(%q) = %d, %x, %v, %v; want float %x (%v)", c.in, i, f, isFloat, ok,
						math.Float64frombits(c.f), math.Float64frombits(c.f))
				}
			}
			// StrToInt and StrToFloat agree with the combined result.
			if iv, iok := StrToInt(c.in); iok != (c.kind == 'i') || (iok && iv != c.i) {
				t.Errorf("StrToInt(%q) = %d, %v", c.in, iv, iok)
			}
			if c.kind == 'f' {
				if fv, fok := StrToFloat(c.in); !fok || math.Float64bits(fv) != c.f {
					t.Errorf("StrToFloat(%q) = %v, %v", c.in, fv, fok)
				}
			}
			if c.kind == 'n' {
				if fv, fok := StrToFloat(c.in); fok {
					t.Errorf("StrToFloat(%q) = %v, true; want failure", c.in, fv)
				}
			}
		})
	}
}

// TestStrToFloatOfIntegers checks that integer numerals are also valid float
// numerals (lua_stringtonumber's fallback and tonumber on "10" as float).
func TestStrToFloatOfIntegers(t *testing.T) {
	cases := []struct {
		in   string
		want float64
	}{
		{"10", 10}, {" -7 ", -7}, {"0x10", 16}, {"0xffffffffffffffff", 18446744073709551615},
		{"9223372036854775807", 9223372036854775807}, {"+0", 0},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			if got, ok := StrToFloat(c.in); !ok || got != c.want {
				t.Errorf("StrToFloat(%q) = %v, %v; want %v", c.in, got, ok, c.want)
			}
		})
	}
}

func TestFormatFloat(t *testing.T) {
	for _, c := range tostringCases {
		t.Run(c.want, func(t *testing.T) {
			f := math.Float64frombits(c.bits)
			if got := FormatFloat(f); got != c.want {
				t.Errorf("FormatFloat(%x) = %q; want %q", f, got, c.want)
			}
			buf := []byte("prefix:")
			if got := string(AppendFloat(buf, f)); got != "prefix:"+c.want {
				t.Errorf("AppendFloat(%x) = %q; want %q", f, got, "prefix:"+c.want)
			}
		})
	}
}

func TestAppendInt(t *testing.T) {
	for _, c := range intToStringCases {
		t.Run(c.want, func(t *testing.T) {
			if got := string(AppendInt(nil, c.v)); got != c.want {
				t.Errorf("AppendInt(%d) = %q; want %q", c.v, got, c.want)
			}
		})
	}
}

func mustSpec(t *testing.T, format string) (Spec, string) {
	t.Helper()
	if format == "" || format[0] != '%' {
		t.Fatalf("bad test format %q", format)
	}
	sp, next, err := ParseSpec(format, 1)
	if err != nil {
		t.Fatalf("ParseSpec(%q): %v", format, err)
	}
	return sp, format[next:]
}

func TestAppendFormatFloat(t *testing.T) {
	for _, c := range formatFloatCases {
		t.Run(c.spec, func(t *testing.T) {
			sp, rest := mustSpec(t, c.spec)
			f := math.Float64frombits(c.bits)
			if got := string(AppendFormatFloat(nil, sp, f)) + rest; got != c.want {
				t.Errorf("format(%q, %x) = %q; want %q", c.spec, f, got, c.want)
			}
		})
	}
}

func TestAppendFormatInt(t *testing.T) {
	for _, c := range formatIntCases {
		t.Run(c.spec, func(t *testing.T) {
			sp, rest := mustSpec(t, c.spec)
			if got := string(AppendFormatInt(nil, sp, c.v)) + rest; got != c.want {
				t.Errorf("format(%q, %d) = %q; want %q", c.spec, c.v, got, c.want)
			}
		})
	}
}

func TestAppendFormatString(t *testing.T) {
	for _, c := range formatStringCases {
		t.Run(c.s, func(t *testing.T) {
			sp, rest := mustSpec(t, c.spec)
			got := string(AppendFormatString(nil, sp, c.s)) + rest
			if got != c.want {
				t.Errorf("format(%q, %q) = %q; want %q", c.spec, c.s, got, c.want)
			}
		})
	}
}

// formatOne mimics string.format(format, 42): one integer argument. It
// drives the package the way the VM is expected to: "%%" needs no argument;
// otherwise Lua checks that an argument exists before it parses the
// specification.
func formatOne(format string) (string, error) {
	var out []byte
	arg := 1 // arguments used so far (the format itself is #1)
	i := 0
	for i < len(format) {
		c := format[i]
		if c != '%' {
			out = append(out, c)
			i++
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			out = append(out, '%')
			i += 2
			continue
		}
		arg++
		if arg > 2 {
			return "", fmt.Errorf("bad argument #%d to 'string.format' (no value)", arg)
		}
		sp, next, err := ParseSpec(format, i+1)
		if err != nil {
			return "", err
		}
		i = next
		switch sp.Verb {
		case 'c', 'd', 'i', 'o', 'u', 'x', 'X':
			out = AppendFormatInt(out, sp, 42)
		case 'a', 'A', 'e', 'E', 'f', 'F', 'g', 'G':
			out = AppendFormatFloat(out, sp, 42)
		case 's':
			out = AppendFormatString(out, sp, "42")
		case 'q':
			out = AppendQuotedInt(out, 42)
		case 'p':
			out = AppendFormatPointer(out, sp, 0) // numbers have no address
		}
	}
	return string(out), nil
}

func TestParseSpec(t *testing.T) {
	for _, c := range specCases {
		t.Run(c.format, func(t *testing.T) {
			got, err := formatOne(c.format)
			if c.err != "" {
				if err == nil || err.Error() != c.err {
					t.Errorf("format(%q): got %q, %v; want error %q", c.format, got, err, c.err)
				}
				return
			}
			if err != nil || got != c.want {
				t.Errorf("format(%q) = %q, %v; want %q", c.format, got, err, c.want)
			}
		})
	}
}

func TestParseSpecFields(t *testing.T) {
	cases := []struct {
		format string
		i      int
		want   Spec
		next   int
	}{
		{"%d", 1, Spec{Verb: 'd', Precision: -1}, 2},
		{"x%-+05.3dy", 2, Spec{Flags: "-+0", Width: 5, Precision: 3, Verb: 'd'}, 9},
		{"%.f", 1, Spec{Precision: 0, Verb: 'f'}, 3},
		{"%99.99g", 1, Spec{Width: 99, Precision: 99, Verb: 'g'}, 7},
		{"%%", 1, Spec{Verb: '%', Precision: -1}, 2},
		{"%s", 1, Spec{Verb: 's', Precision: -1}, 2},
		{"%q", 1, Spec{Verb: 'q', Precision: -1}, 2},
		{"%#-10p", 1, Spec{}, 0}, // error
		{"%-10p", 1, Spec{Flags: "-", Width: 10, Precision: -1, Verb: 'p'}, 5},
	}
	for _, c := range cases {
		t.Run(c.format, func(t *testing.T) {
			sp, next, err := ParseSpec(c.format, c.i)
			if c.next == 0 {
				if err == nil {
					t.Errorf("ParseSpec(%q, %d) succeeded; want error", c.format, c.i)
				}
				return
			}
			if err != nil || sp != c.want || next != c.next {
				t.Errorf("ParseSpec(%q, %d) = %+v, %d, %v; want %+v, %d", c.format, c.i, sp, next, err, c.want, c.next)
			}
		})
	}
}

func TestQuote(t *testing.T) {
	for _, c := range quoteStringCases {
		t.Run(c.s, func(t *testing.T) {
			if got := string(AppendQuoted(nil, c.s)); got != c.want {
				t.Errorf("AppendQuoted(%q) = %q; want %q", c.s, got, c.want)
			}
		})
	}
	for _, c := range quoteIntCases {
		t.Run(c.want, func(t *testing.T) {
			if got := string(AppendQuotedInt(nil, c.v)); got != c.want {
				t.Errorf("AppendQuotedInt(%d) = %q; want %q", c.v, got, c.want)
			}
		})
	}
	for _, c := range quoteFloatCases {
		t.Run(c.want, func(t *testing.T) {
			f := math.Float64frombits(c.bits)
			if got := string(AppendQuotedFloat(nil, f)); got != c.want {
				t.Errorf("AppendQuotedFloat(%x) = %q; want %q", f, got, c.want)
			}
		})
	}
}

func TestFloatToInt(t *testing.T) {
	for i, c := range floatToIntCases {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			f := math.Float64frombits(c.bits)
			if v, ok := FloatToInt(f); ok != c.toIntOK || v != c.toInt {
				t.Errorf("FloatToInt(%v) = %d, %v; want %d, %v", f, v, ok, c.toInt, c.toIntOK)
			}
			if v, ok := FloorToInt(f); ok != c.floorOK || v != c.floor {
				t.Errorf("FloorToInt(%v) = %d, %v; want %d, %v", f, v, ok, c.floor, c.floorOK)
			}
			if v, ok := CeilToInt(f); ok != c.ceilOK || v != c.ceil {
				t.Errorf("CeilToInt(%v) = %d, %v; want %d, %v", f, v, ok, c.ceil, c.ceilOK)
			}
		})
	}
}

// TestAppendNoAlloc checks that the Append* forms allocate nothing when dst
// has room, as the VM relies on for concatenation and string.format.
func TestAppendNoAlloc(t *testing.T) {
	buf := make([]byte, 0, 4096)
	specs := []string{"%.14g", "%.99f", "%-+#020.10e", "%#.17g", "%.3a", "%a", "%099d", "%#x", "%-10s", "%.99g"}
	parsed := make([]Spec, len(specs))
	for k, s := range specs {
		parsed[k], _ = mustSpec(t, s)
	}
	floats := []float64{0, 1, 0.1, -1e300, 1e-310, math.Inf(1), math.NaN(), 123456.789, 5e-324, 1.7976931348623157e308}
	allocs := testing.AllocsPerRun(20, func() {
		for _, f := range floats {
			b := AppendFloat(buf[:0], f)
			b = AppendInt(b, -1234567)
			b = AppendQuotedFloat(b, f)
			b = AppendQuotedInt(b, math.MinInt64)
			b = AppendQuoted(b, "a\x00b\n\"c\x019")
			for _, sp := range parsed {
				b = AppendFormatFloat(b[:0], sp, f)
				b = AppendFormatInt(b, sp, int64(f))
				b = AppendFormatString(b, sp, "hello")
			}
			_ = b
		}
		for _, s := range []string{"123", "0x1p4", "1e308", "-1e400", "1e99999999999999999999", "  -0x.8  ", "nan", "12345678901234567890"} {
			StrToNumber(s)
		}
		_, _, _ = ParseSpec("%-+ #0-+ #099.99g", 1)
	})
	if allocs != 0 {
		t.Errorf("Append*/StrToNumber allocated %v times per run; want 0", allocs)
	}
}
