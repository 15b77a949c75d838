package crmath

import (
	"math"
	"math/big"
	"sync"
)

var (
	piHalf    = math.Pi / 2 // rounded: what atan(inf) returns
	minNormal = 0x1p-1022
)

// ldexpRound returns (m.hi+m.lo) * 2^k rounded once, also when the result
// is subnormal.
func ldexpRound(m dd, k int) float64 {
	r := math.Ldexp(m.hi, k)
	if math.Abs(r) >= minNormal || math.IsInf(r, 0) {
		return r
	}
	// Subnormal: Ldexp rounded m.hi to the subnormal grid; let m.lo decide
	// the cases that were close to half a step.
	d := (m.hi - math.Ldexp(r, -k)) + m.lo // what r misses, unscaled
	halfStep := math.Ldexp(1, -1075-k)     // half the subnormal spacing 2^-1074
	switch {
	case d > halfStep:
		r = math.Nextafter(r, math.Inf(1))
	case d < -halfStep:
		r = math.Nextafter(r, math.Inf(-1))
	}
	return r
}

func Exp(x float64) float64 {
	ready()
	switch {
	case x != x:
		return x
	case x > 709.8:
		return math.Inf(1)
	case x < -745.2:
		return 0
	case x == 0:
		return 1
	}
	if m, k := expQuick(x, 0); roundOK(m, quickErr) {
		if r := math.Ldexp(m.hi, k); math.Abs(r) >= minNormal && !math.IsInf(r, 0) {
			return r
		}
	}
	m, k := expCore(ddOf(x))
	return ldexpRound(m, k)
}

func twoSumDD(a, b float64) dd  { s, e := twoSum(a, b); return dd{s, e} }
func twoProdDD(a, b float64) dd { p, e := twoProd(a, b); return dd{p, e} }

// Log is log(x); the caller fixes NaN signs.
func Log(x float64) float64 {
	ready()
	switch {
	case x != x || math.IsInf(x, 1):
		return x
	case x == 0:
		return math.Inf(-1)
	case x < 0:
		return math.NaN()
	case x == 1:
		return 0
	}
	if r := logQuick(x); roundOK(r, quickErr) {
		return r.hi
	}
	return logDD(x).hi
}

func Log2(x float64) float64 {
	ready()
	switch {
	case x != x || math.IsInf(x, 1):
		return x
	case x == 0:
		return math.Inf(-1)
	case x < 0:
		return math.NaN()
	}
	if m, e := math.Frexp(x); m == 0.5 {
		return float64(e - 1) // exact powers of two
	}
	if r := ddMul(logQuick(x), ddInvLn2); roundOK(r, quickErr) {
		return r.hi
	}
	return ddMul(logDD(x), ddInvLn2).hi
}

// Trigonometric functions.

var (
	bigPiOnce sync.Once
	bigPiHalf *big.Float // pi/2 with enough bits to reduce any double
)

const bigReducePrec = 1200 + 2*bigPrec

// reduceHalfPi returns r and q with x = q*(pi/2) + r, |r| <= about pi/4.
func reduceHalfPi(x float64) (dd, int) {
	ax := math.Abs(x)
	if ax <= math.Pi/4 {
		return ddOf(x), 0
	}
	if ax < 0x1p52 {
		// x*twoOverPi is not exact: for large x, k may be one off, which
		// shows as |r| > pi/4.
		k := math.Round(x * twoOverPi)
		r := reduceBy(x, k)
		if r.hi > math.Pi/4 {
			k++
			r = reduceBy(x, k)
		} else if r.hi < -math.Pi/4 {
			k--
			r = reduceBy(x, k)
		}
		return r, int(int64(k) & 3)
	}
	// Huge arguments: reduce with enough bits of pi for the exponent.
	bigPiOnce.Do(func() {
		bigPiHalf = bigPi(bigReducePrec)
		bigPiHalf.Quo(bigPiHalf, big.NewFloat(2))
	})
	prec := uint(bigReducePrec)
	bx := new(big.Float).SetPrec(prec).SetFloat64(x)
	q := new(big.Float).SetPrec(prec).Quo(bx, bigPiHalf)
	// Round q to the nearest integer.
	qi, _ := new(big.Float).SetPrec(prec).Add(q, big.NewFloat(0.5)).Int(nil)
	if q.Sign() < 0 {
		qi, _ = new(big.Float).SetPrec(prec).Sub(q, big.NewFloat(0.5)).Int(nil)
	}
	kf := new(big.Float).SetPrec(prec).SetInt(qi)
	r := new(big.Float).SetPrec(prec).Mul(kf, bigPiHalf)
	r.Sub(bx, r)
	quad := new(big.Int).And(qi, big.NewInt(3)).Int64() // two's complement And
	return ddFromBig(r), int(quad)
}

// reduceBy returns x - k*pi/2 for |x| < 2^52 and k near x/(pi/2) (Cody
// and Waite with pi/2 in four parts: k times each part is exact as a
// double-double, and x - k*part[0] is exact as the two are close).
func reduceBy(x, k float64) dd {
	p, e := twoProd(k, piHalfPart[0])
	r := ddSub(ddOf(x-p), ddOf(e))
	r = ddSub(r, twoProdDD(k, piHalfPart[1]))
	r = ddSub(r, twoProdDD(k, piHalfPart[2]))
	return ddSub(r, ddOf(k*piHalfPart[3]))
}

// alternate returns x for even i, -x for odd i.
func alternate(x dd, i int) dd {
	if i%2 == 1 {
		return ddNeg(x)
	}
	return x
}

func Sin(x float64) float64 {
	ready()
	switch {
	case x != x || math.Abs(x) < 0x1p-27:
		return x // also 0 and -0: the cubic term is below half an ulp
	case math.IsInf(x, 0):
		return math.NaN()
	}
	r, q := reduceHalfPi(x)
	pick := func(s, c dd) dd { // sin x from sin r and cos r
		switch q {
		case 0:
			return s
		case 1:
			return c
		case 2:
			return ddNeg(s)
		}
		return ddNeg(c)
	}
	if v := pick(sinCosQuick(r)); roundOK(v, quickErr) {
		return v.hi
	}
	return pick(sinCosDD(r)).hi
}

func Cos(x float64) float64 {
	ready()
	switch {
	case x != x:
		return x
	case x == 0:
		return 1
	case math.IsInf(x, 0):
		return math.NaN()
	}
	r, q := reduceHalfPi(x)
	pick := func(s, c dd) dd { // cos x from sin r and cos r
		switch q {
		case 0:
			return c
		case 1:
			return ddNeg(s)
		case 2:
			return ddNeg(c)
		}
		return s
	}
	if v := pick(sinCosQuick(r)); roundOK(v, quickErr) {
		return v.hi
	}
	return pick(sinCosDD(r)).hi
}

func Tan(x float64) float64 {
	ready()
	switch {
	case x != x || math.Abs(x) < 0x1p-27:
		return x // also 0 and -0: the cubic term is below half an ulp
	case math.IsInf(x, 0):
		return math.NaN()
	}
	r, q := reduceHalfPi(x)
	pick := func(s, c dd) dd { // tan x from sin r and cos r
		if q&1 == 0 {
			return ddDiv(s, c)
		}
		return ddNeg(ddDiv(c, s))
	}
	if v := pick(sinCosQuick(r)); roundOK(v, quickErr) {
		return v.hi
	}
	return pick(sinCosDD(r)).hi
}

func Atan(x float64) float64 {
	ready()
	switch {
	case x != x || math.Abs(x) < 0x1p-27:
		return x // also 0 and -0: the cubic term is below half an ulp
	case math.IsInf(x, 1):
		return piHalf
	case math.IsInf(x, -1):
		return -piHalf
	}
	a := atanRounded(ddOf(math.Abs(x)), nil)
	if x < 0 {
		return -a
	}
	return a
}

// atanRounded returns fin(atan(q)) rounded, for q >= 0, with the quick
// kernel when it decides the rounding.
func atanRounded(q dd, fin func(dd) dd) float64 {
	a := atanQuick(q)
	if fin != nil {
		a = fin(a)
	}
	if roundOK(a, quickErr) {
		return a.hi
	}
	a = atanDD(q)
	if fin != nil {
		a = fin(a)
	}
	return a.hi
}

func Atan2(y, x float64) float64 {
	ready()
	if y != y || x != x || y == 0 || x == 0 || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return math.Atan2(y, x) // C99 special values
	}
	ay, ax := math.Abs(y), math.Abs(x)
	if ay/ax < 0x1p-900 && x > 0 {
		return y / x // atan(q) = q to far more than double precision
	}
	// Scale both so that the larger is about 1: the remainders of the
	// double-double division must not fall into the subnormal range.
	_, e := math.Frexp(math.Max(ay, ax))
	ay, ax = math.Ldexp(ay, -e), math.Ldexp(ax, -e)
	var a dd
	switch {
	case ay <= ax && ay/ax < 0x1p-900:
		a = ddPi // x < 0: pi minus a negligible amount
	case ay <= ax:
		var fin func(dd) dd
		if x < 0 {
			fin = func(a dd) dd { return ddSub(ddPi, a) }
		}
		a = ddOf(atanRounded(ddDivF(ay, ax), fin))
	default:
		if ax/ay < 0x1p-900 {
			a = ddPiHalf
			if x < 0 {
				a = ddSub(ddPi, a)
			}
		} else {
			a = ddOf(atanRounded(ddDivF(ax, ay), func(a dd) dd {
				a = ddSub(ddPiHalf, a)
				if x < 0 {
					a = ddSub(ddPi, a)
				}
				return a
			}))
		}
	}
	if y < 0 {
		return -a.hi
	}
	return a.hi
}

// asinAcosRoot returns sqrt(1-x^2) for 0 <= x <= 1, with 1-x^2 computed
// as (1-x)(1+x).
func asinAcosRoot(x float64) dd {
	return ddSqrt(ddMul((twoSumDD(1, -x)), (twoSumDD(1, x))))
}

func Asin(x float64) float64 {
	ready()
	ax := math.Abs(x)
	switch {
	case x != x:
		return x
	case ax > 1:
		return math.Float64frombits(posNaNBits)
	case ax < 0x1p-26:
		return x // asin x = x + x^3/6 + ...: rounds to x
	case ax == 1:
		return math.Copysign(piHalf, x)
	}
	a := atanRounded(ddDiv(ddOf(ax), asinAcosRoot(ax)), nil)
	return math.Copysign(a, x)
}

func Acos(x float64) float64 {
	ready()
	ax := math.Abs(x)
	switch {
	case x != x:
		return x
	case ax > 1:
		return math.Float64frombits(posNaNBits)
	case x == 1:
		return 0
	case x == -1:
		return ddPi.hi
	case ax < 0x1p-60:
		// acos x = pi/2 - x - x^3/6...; also keeps sqrt(1-x^2)/x finite.
		return ddSub(ddPiHalf, ddOf(x)).hi
	}
	var fin func(dd) dd
	if x < 0 {
		fin = func(a dd) dd { return ddSub(ddPi, a) }
	}
	return atanRounded(ddDiv(asinAcosRoot(ax), ddOf(ax)), fin)
}

// Pow is pow(x, y) as glibc computes it: C99's special values, with
// glibc's NaN signs (the caller must not fix them up), and the correctly
// rounded exp(y*log|x|) otherwise.
func Pow(x, y float64) float64 {
	ready()
	yInf := math.IsInf(y, 0)
	switch {
	case y == 0:
		return 1
	case x == 1:
		return 1
	case y != y || yInf && x != x:
		if x != x {
			return x // x + y: the first NaN operand
		}
		return y
	case x != x:
		// x*x keeps x's sign; it is negated for an odd integer y.
		if math.Signbit(x) && isOddInt(y) {
			return -x
		}
		return x
	case x == 0 || math.IsInf(x, 0) || yInf:
		return math.Pow(x, y)
	case y == 1:
		return x
	}
	neg := false
	if x < 0 {
		if y != math.Trunc(y) {
			return math.Float64frombits(negNaNBits)
		}
		neg = isOddInt(y)
		x = -x
	}
	l := logQuick(x)
	var r float64
	switch p := l.hi * y; {
	case p > 709.8:
		r = math.Inf(1)
	case p < -745.2:
		r = 0
	default:
		t := ddMulF(l, y)
		// The error of log grows with |y log x| in the exponent.
		m, k := expQuick(t.hi, t.lo)
		if roundOK(m, quickErr*(1+math.Abs(t.hi))) {
			if r = math.Ldexp(m.hi, k); math.Abs(r) >= minNormal && !math.IsInf(r, 0) {
				break
			}
		}
		m, k = expCore(ddMulF(logDD(x), y))
		r = ldexpRound(m, k)
	}
	if neg {
		return -r
	}
	return r
}

// isOddInt reports whether y is an odd integer.
func isOddInt(y float64) bool {
	return math.Abs(y) < 0x1p53 && y == math.Trunc(y) && math.Mod(y, 2) != 0
}

// The two NaNs x86's C library produces: the "default" NaN of invalid
// operations has the sign bit set, which the reference prints as -nan.
// As bits, converted where used: a float variable made with
// math.Float64frombits would be initialised by an init function, code
// every process runs (docs/benchmarks.md, "Start-up and memory, sixth
// pass").
const (
	negNaNBits = 0xFFF8000000000000
	posNaNBits = 0x7FF8000000000000
)
