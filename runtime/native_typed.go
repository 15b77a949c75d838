package runtime

import (
	"math"

	"panto/internal/luanum"
)

// Helpers for the typed copies of numeric loops that compiler/gogen
// writes (see its typed.go): there, integers and floats live in Go
// locals, and the operations the dispatch loop applies to two Values are
// applied to plain int64 and float64 operands, with Lua's exact rules.

// FMod is Lua's float modulo (the sign of the divisor).
func FMod(a, b float64) float64 { return luanum.FMod(a, b) }

// FPow is Lua's exponentiation, always on floats.
func FPow(a, b float64) float64 { return luanum.Pow(a, b) }

// FIDiv is Lua's floor division of floats.
func FIDiv(a, b float64) float64 { return math.Floor(a / b) }

// LtIntFloat reports i < f exactly (no rounding of i).
func LtIntFloat(i int64, f float64) bool { return ltIntFloat(i, f) }

// LeIntFloat reports i <= f exactly.
func LeIntFloat(i int64, f float64) bool { return leIntFloat(i, f) }

// LtFloatInt reports f < i exactly.
func LtFloatInt(f float64, i int64) bool { return ltFloatInt(f, i) }

// LeFloatInt reports f <= i exactly.
func LeFloatInt(f float64, i int64) bool { return leFloatInt(f, i) }

// EqIntFloat reports whether the integer i and the float f are the same
// number, as Lua's == does.
func EqIntFloat(i int64, f float64) bool { return RawEqual(Int(i), Float(f)) }

// ForCount is the iteration count FORPREP stores for an integer loop from
// i0 to lim by st (not zero) that runs at least once.
func ForCount(i0, lim, st int64) int64 { return int64(forCount(i0, lim, st)) }
