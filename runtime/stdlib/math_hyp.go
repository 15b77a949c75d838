package stdlib

import (
	"math"

	"panto/internal/crmath"
)

// The hyperbolic functions and log10 of the 5.3 compatibility set. glibc
// computes them with the classic fdlibm formulas on top of exp, expm1 and
// log rather than with correctly rounded code, and the results differ from
// correctly rounded ones in the last bit now and then; these are the same
// formulas (with the same thresholds, tested on the high word of the
// argument as there), over crmath.Exp and crmath.Log, which match glibc's exp and
// log, and Go's math.Expm1, which is the same fdlibm expm1.

// highWord returns the upper 32 bits of |x|.
func highWord(x float64) uint32 {
	return uint32(math.Float64bits(x)>>32) & 0x7fffffff
}

// overflowEdge reports whether |x| is at most the largest argument whose
// half-exponential still fits (about 710.4758600739439).
func overflowEdge(x float64) bool {
	b := math.Float64bits(x) & 0x7fffffffffffffff
	return b <= 0x408633ce8fb9f87d
}

func fdSinh(x float64) float64 {
	ix := highWord(x)
	if ix >= 0x7ff00000 {
		return x + x
	}
	h := 0.5
	if x < 0 {
		h = -h
	}
	ax := math.Abs(x)
	switch {
	case ix < 0x40360000: // |x| < 22
		if ix < 0x3e300000 { // |x| < 2^-28
			return x
		}
		t := math.Expm1(ax)
		if ix < 0x3ff00000 {
			return h * (2.0*t - t*t/(t+1))
		}
		return h * (t + t/(t+1))
	case ix < 0x40862e42: // |x| < log(maxdouble)
		return h * crmath.Exp(ax)
	case overflowEdge(x):
		w := crmath.Exp(0.5 * ax)
		t := h * w
		return t * w
	}
	return x * 1.0e307 // overflow
}

func fdCosh(x float64) float64 {
	ix := highWord(x)
	ax := math.Abs(x)
	switch {
	case ix < 0x3fd62e43: // |x| < ln2/2
		if ix < 0x3c800000 {
			return 1
		}
		t := math.Expm1(ax)
		w := 1 + t
		return 1 + (t*t)/(w+w)
	case ix < 0x40360000: // |x| < 22
		t := crmath.Exp(ax)
		return 0.5*t + 0.5/t
	case ix < 0x40862e42:
		return 0.5 * crmath.Exp(ax)
	case overflowEdge(x):
		w := crmath.Exp(0.5 * ax)
		t := 0.5 * w
		return t * w
	case ix >= 0x7ff00000:
		return x * x
	}
	return math.Inf(1)
}

func fdTanh(x float64) float64 {
	ix := highWord(x)
	if ix >= 0x7ff00000 {
		if x != x {
			return x
		}
		if x > 0 {
			return 1
		}
		return -1
	}
	var z float64
	switch {
	case x == 0:
		return x
	case ix < 0x3c800000: // |x| < 2^-55
		return x * (1 + x)
	case ix >= 0x40360000: // |x| >= 22
		z = 1
	case ix >= 0x3ff00000: // |x| >= 1
		t := math.Expm1(2 * math.Abs(x))
		z = 1 - 2/(t+2)
	default:
		t := math.Expm1(-2 * math.Abs(x))
		z = -t / (t + 2)
	}
	if x < 0 {
		return -z
	}
	return z
}

// fdLog10 computes log10(x) as fdlibm and glibc do: the binary exponent k
// is split off and log10(x) = k*log10(2) + log(m)/ln(10), with log10(2) in
// two parts, so that powers of ten come out exact.
func fdLog10(x float64) float64 {
	const (
		ivln10   = 4.34294481903251816668e-01
		log102hi = 3.01029995663611771306e-01
		log102lo = 3.69423907715893078616e-13
	)
	switch {
	case x != x || math.IsInf(x, 1):
		return x
	case x == 0:
		return math.Inf(-1)
	case x < 0:
		return posNaN
	}
	m, e := math.Frexp(x) // x = m * 2^e, m in [0.5, 1)
	k := e - 1            // x = (2m) * 2^k, 2m in [1, 2)
	m *= 2
	if k < 0 {
		// fdlibm keeps the mantissa in [0.5, 1) for negative exponents.
		k++
		m /= 2
	}
	y := float64(k)
	z := y*log102lo + ivln10*crmath.Log(m)
	return z + y*log102hi
}
