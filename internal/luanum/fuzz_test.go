package luanum

import (
	"math"
	"testing"
)

func FuzzStrToNumber(f *testing.F) {
	for _, c := range parseCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		i, fl, isFloat, ok := StrToNumber(s)
		iv, iok := StrToInt(s)
		fv, fok := StrToFloat(s)
		// StrToNumber is exactly "integer first, then float".
		switch {
		case iok:
			if !ok || isFloat || i != iv {
				t.Fatalf("StrToNumber(%q) = %d, %v, %v, %v; StrToInt gave %d", s, i, fl, isFloat, ok, iv)
			}
			// An integer prints and reads back as itself.
			back := string(AppendInt(nil, iv))
			if v, ok := StrToInt(back); !ok || v != iv {
				t.Fatalf("integer %d from %q printed as %q reparsed as %d, %v", iv, s, back, v, ok)
			}
			// Every integer numeral is also a float numeral.
			if !fok {
				t.Fatalf("StrToFloat(%q) failed although StrToInt succeeded", s)
			}
		case fok:
			if !ok || !isFloat || math.Float64bits(fl) != math.Float64bits(fv) {
				t.Fatalf("StrToNumber(%q) = %d, %v, %v, %v; StrToFloat gave %v", s, i, fl, isFloat, ok, fv)
			}
		default:
			if ok {
				t.Fatalf("StrToNumber(%q) succeeded where both parsers failed", s)
			}
		}
		if !fok {
			return
		}
		if fv != fv {
			t.Fatalf("StrToFloat(%q) produced NaN", s)
		}
		// %q and %.17g forms of the float read back bit for bit.
		q := string(AppendQuotedFloat(nil, fv))
		if _, v, _, ok := StrToNumber(q); !ok || math.Float64bits(v) != math.Float64bits(fv) {
			if iv, iok := StrToInt(q); !(iok && fv == 0 && iv == 0) {
				t.Fatalf("%%q of %v (from %q) is %q, reparsed as %v, %v", fv, s, q, v, ok)
			}
		}
		if math.IsInf(fv, 0) {
			return // "inf" is not a Lua numeral; %q covered it as 1e9999
		}
		g := string(AppendFormatFloat(nil, Spec{Precision: 17, Verb: 'g'}, fv))
		if v, ok := StrToFloat(g); !ok || math.Float64bits(v) != math.Float64bits(fv) {
			t.Fatalf("%%.17g of %v (from %q) is %q, reparsed as %v, %v", fv, s, g, v, ok)
		}
		// tostring's 14 digits read back within rounding.
		if v, ok := StrToFloat(FormatFloat(fv)); !ok || math.Abs(v-fv) > math.Abs(fv)*1e-13 {
			t.Fatalf("tostring of %v (from %q) is %q, reparsed as %v, %v", fv, s, FormatFloat(fv), v, ok)
		}
	})
}

func FuzzFormat(f *testing.F) {
	for _, c := range specCases {
		f.Add(c.format, int64(42), 42.0, "42")
	}
	f.Add("%-+ #020.10a|%99.99f|%c|%q", int64(-1), math.Inf(-1), "a\x00b")
	f.Add("%.0a %#.0g %5.s %%", int64(math.MinInt64), 999999.5, "")
	f.Fuzz(func(t *testing.T, format string, iv int64, fv float64, sv string) {
		var out []byte
		for k := 0; k <= len(format); k++ {
			sp, next, err := ParseSpec(format, k)
			if next < k || next > len(format)+1 {
				t.Fatalf("ParseSpec(%q, %d) returned next=%d", format, k, next)
			}
			if err != nil {
				continue
			}
			if sp.Width > 99 || sp.Precision > 99 {
				t.Fatalf("ParseSpec(%q, %d) accepted %+v", format, k, sp)
			}
			// Every formatter must cope with every valid spec.
			start := len(out)
			out = AppendFormatInt(out, sp, iv)
			out = AppendFormatFloat(out, sp, fv)
			out = AppendFormatString(out, sp, sv)
			out = AppendFormatPointer(out, sp, uintptr(iv))
			if len(out)-start < 4*sp.Width {
				t.Fatalf("output of %+v shorter than its width: %q", sp, out[start:])
			}
		}
		out = AppendQuoted(out, sv)
		out = AppendQuotedInt(out, iv)
		out = AppendQuotedFloat(out, fv)
		out = AppendFloat(out, fv)
		_ = AppendInt(out, iv)
	})
}
