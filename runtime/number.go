package runtime

import (
	"math"

	"panto/internal/luanum"
)

// Number semantics shared by the VM's slow paths and the libraries. The VM
// inlines the integer and float fast paths; everything here is what they
// fall back to.

// stringToNumber converts a numeral string with Lua's rules (surrounding
// spaces allowed, hex, exponents); the result is an integer or a float.
func stringToNumber(s string) (Value, bool) {
	i, f, isFloat, ok := luanum.StrToNumber(s)
	if !ok {
		return Nil, false
	}
	if isFloat {
		return Float(f), true
	}
	return Int(i), true
}

// floatToInt converts f to an integer only when the value is exact.
func floatToInt(f float64) (int64, bool) {
	if f >= -9.2233720368547758e18 && f < 9.2233720368547758e18 {
		i := int64(f)
		if float64(i) == f {
			return i, true
		}
	}
	return 0, false
}

// toNumeric returns v as a number value (integer or float), converting
// strings; ok is false when v is not a number and not a numeric string.
func toNumeric(v Value) (Value, bool) {
	switch v.t {
	case tagInt, tagFloat:
		return v, true
	case tagString:
		return stringToNumber(v.AsString())
	}
	return Nil, false
}

// arithOp identifies an arithmetic or bitwise operation; the order matches
// the metamethod events so one can be derived from the other.
type arithOp uint8

const (
	arithAdd arithOp = iota
	arithSub
	arithMul
	arithMod
	arithPow
	arithDiv
	arithIDiv
	arithBand
	arithBor
	arithBxor
	arithShl
	arithShr
	arithUnm
	arithBnot
)

// arithInts applies op to two integers. ok is false for division by zero,
// which the caller reports with the operation's own message.
func arithInts(op arithOp, a, b int64) (int64, bool) {
	switch op {
	case arithAdd:
		return a + b, true
	case arithSub:
		return a - b, true
	case arithMul:
		return a * b, true
	case arithMod:
		if b == 0 {
			return 0, false
		}
		return luanum.Mod(a, b), true
	case arithIDiv:
		if b == 0 {
			return 0, false
		}
		return luanum.IDiv(a, b), true
	case arithBand:
		return a & b, true
	case arithBor:
		return a | b, true
	case arithBxor:
		return a ^ b, true
	case arithShl:
		return luanum.ShiftLeft(a, b), true
	case arithShr:
		return luanum.ShiftLeft(a, -b), true
	case arithUnm:
		return -a, true
	case arithBnot:
		return ^a, true
	}
	panic("unreachable")
}

// arithFloats applies a non-bitwise op to two floats.
func arithFloats(op arithOp, a, b float64) float64 {
	switch op {
	case arithAdd:
		return a + b
	case arithSub:
		return a - b
	case arithMul:
		return a * b
	case arithMod:
		return luanum.FMod(a, b)
	case arithPow:
		return luanum.Pow(a, b)
	case arithDiv:
		return a / b
	case arithIDiv:
		return math.Floor(a / b)
	case arithUnm:
		return -a
	}
	panic("unreachable")
}

// ltIntFloat reports i < f exactly.
func ltIntFloat(i int64, f float64) bool {
	if i > -1<<53 && i < 1<<53 {
		return float64(i) < f
	}
	if f != f {
		return false
	}
	if f >= 9.2233720368547758e18 {
		return true
	}
	if f > -9.2233720368547758e18 {
		return i < int64(math.Ceil(f))
	}
	return false
}

// leIntFloat reports i <= f exactly.
func leIntFloat(i int64, f float64) bool {
	if i > -1<<53 && i < 1<<53 {
		return float64(i) <= f
	}
	if f != f {
		return false
	}
	if f >= 9.2233720368547758e18 {
		return true
	}
	if f >= -9.2233720368547758e18 {
		return i <= int64(math.Floor(f))
	}
	return false
}

// ltFloatInt reports f < i exactly.
func ltFloatInt(f float64, i int64) bool {
	if i > -1<<53 && i < 1<<53 {
		return f < float64(i)
	}
	if f != f {
		return false
	}
	if f >= 9.2233720368547758e18 {
		return false
	}
	if f >= -9.2233720368547758e18 {
		return int64(math.Floor(f)) < i
	}
	return true
}

// leFloatInt reports f <= i exactly.
func leFloatInt(f float64, i int64) bool {
	if i > -1<<53 && i < 1<<53 {
		return f <= float64(i)
	}
	if f != f {
		return false
	}
	if f >= 9.2233720368547758e18 {
		return false
	}
	if f > -9.2233720368547758e18 {
		return int64(math.Ceil(f)) <= i
	}
	return true
}

// numLess compares two number values.
func numLess(a, b Value) bool {
	if a.t == tagInt {
		if b.t == tagInt {
			return int64(a.n) < int64(b.n)
		}
		return ltIntFloat(int64(a.n), b.AsFloat())
	}
	if b.t == tagFloat {
		return a.AsFloat() < b.AsFloat()
	}
	return ltFloatInt(a.AsFloat(), int64(b.n))
}

// numLessEq compares two number values.
func numLessEq(a, b Value) bool {
	if a.t == tagInt {
		if b.t == tagInt {
			return int64(a.n) <= int64(b.n)
		}
		return leIntFloat(int64(a.n), b.AsFloat())
	}
	if b.t == tagFloat {
		return a.AsFloat() <= b.AsFloat()
	}
	return leFloatInt(a.AsFloat(), int64(b.n))
}

// appendNumber appends the tostring form of a number value.
func appendNumber(dst []byte, v Value) []byte {
	if v.t == tagInt {
		return luanum.AppendInt(dst, int64(v.n))
	}
	return luanum.AppendFloat(dst, v.AsFloat())
}

// numberToString is tostring for numbers.
func numberToString(v Value) Value {
	var buf [32]byte
	return String(string(appendNumber(buf[:0], v)))
}
