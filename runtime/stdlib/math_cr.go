package stdlib

import (
	"math"
	"math/big"
	"sync"
)

// Correctly rounded elementary functions.
//
// Programs print floats with %.17g and %a, so the last bit of math.sin or
// math.exp shows, and the goldens hold what the reference computes with
// glibc. glibc's exp, log, log2, pow, sin, cos, tan, atan, atan2, asin and
// acos are correctly rounded for all but very rare arguments, while Go's
// math package is only faithful (within one ulp) and differs from them for
// a good share of ordinary arguments (sin(pi), log(3), tan(1)...). So these
// functions are computed here in double-double arithmetic, with about 100
// correct bits, and rounded once: that gives the correctly rounded result
// except in cases too close to a tie to matter.
//
// The hyperbolic functions and log10 are not correctly rounded in glibc:
// they are the classic fdlibm formulas on top of exp, expm1 and log, and
// are reproduced as such in math_hyp.go.

var (
	piHalf    = math.Pi / 2 // rounded: what atan(inf) returns
	minNormal = 0x1p-1022
)

// expCore returns m and k with exp(x) = m * 2^k, m in about [0.7, 1.4].
func expCore(x dd) (dd, int) {
	k := math.Round(x.hi * ddInvLn2.hi)
	// r = x - k*ln2, with ln2 in three parts: k*ln2Parts[0] is exact and
	// x.hi - k*ln2Parts[0] is exact too (the two are within a factor 2).
	r := ddAdd(ddOf(x.hi-k*ln2Parts[0]), ddOf(x.lo))
	p, e := twoProd(k, ln2Parts[1])
	r = ddSub(r, dd{p, e})
	r = ddSub(r, ddOf(k*ln2Parts[2]))
	// exp(r) = (exp(r/256))^256; exp(s)-1 is kept rather than exp(s) so
	// that the squarings do not lose its low bits.
	s := ddScale(r, 1.0/256)
	q := invFact[11]
	for n := 10; n >= 1; n-- {
		q = ddAdd(ddMul(q, s), invFact[n])
	}
	em1 := ddMul(q, s)
	for i := 0; i < 8; i++ {
		// (1+u)^2 - 1 = 2u + u^2
		em1 = ddAdd(ddScale(em1, 2), ddMul(em1, em1))
	}
	return ddAdd(ddOf(1), em1), int(k)
}

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

func crExp(x float64) float64 {
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
	m, k := expCore(ddOf(x))
	return ldexpRound(m, k)
}

// logDD returns log(x) for a finite x > 0.
func logDD(x float64) dd {
	m, e := math.Frexp(x) // x = m * 2^e, m in [0.5, 1)
	if m < math.Sqrt2/2 {
		m *= 2
		e--
	}
	// log(m) = 2 atanh(u), u = (m-1)/(m+1), |u| < 0.172.
	u := ddDiv(ddOf(m-1), (twoSumDD(m, 1)))
	u2 := ddMul(u, u)
	p := invOdd[21]
	for n := 20; n >= 0; n-- {
		p = ddAdd(ddMul(p, u2), invOdd[n])
	}
	lm := ddScale(ddMul(p, u), 2)
	if e == 0 {
		return lm
	}
	fe := float64(e)
	a, b := twoProd(fe, ln2Parts[0]) // exact: b == 0
	t := ddAdd(dd{a, b}, (twoProdDD(fe, ln2Parts[1])))
	t = ddAdd(t, ddOf(fe*ln2Parts[2]))
	return ddAdd(t, lm)
}

func twoSumDD(a, b float64) dd  { s, e := twoSum(a, b); return dd{s, e} }
func twoProdDD(a, b float64) dd { p, e := twoProd(a, b); return dd{p, e} }

// crLog is log(x); the caller fixes NaN signs.
func crLog(x float64) float64 {
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
	return logDD(x).hi
}

func crLog2(x float64) float64 {
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
	if ax < 0x1p20 {
		k := math.Round(x * twoOverPi)
		// k*piHalfPart[0] is exact (32-bit part, |k| < 2^21) and so is the
		// subtraction (x and k*pi/2 are close).
		r := ddOf(x - k*piHalfPart[0])
		r = ddSub(r, (twoProdDD(k, piHalfPart[1])))
		r = ddSub(r, (twoProdDD(k, piHalfPart[2])))
		r = ddSub(r, ddOf(k*piHalfPart[3]))
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

// sinCosDD returns sin(r) and cos(r) for |r| <= about pi/4.
func sinCosDD(r dd) (dd, dd) {
	// sin r = r * sum (-1)^n r^2n/(2n+1)!, cos r = sum (-1)^n r^2n/(2n)!;
	// with r^2 <= 0.62, 16 terms reach 2^-110.
	const n = 15
	r2 := ddMul(r, r)
	s := alternate(invFact[2*n+1], n)
	c := alternate(invFact[2*n], n)
	for i := n - 1; i >= 0; i-- {
		s = ddAdd(ddMul(s, r2), alternate(invFact[2*i+1], i))
		c = ddAdd(ddMul(c, r2), alternate(invFact[2*i], i))
	}
	return ddMul(s, r), c
}

// alternate returns x for even i, -x for odd i.
func alternate(x dd, i int) dd {
	if i%2 == 1 {
		return ddNeg(x)
	}
	return x
}

func crSin(x float64) float64 {
	switch {
	case x == 0 || x != x:
		return x
	case math.IsInf(x, 0):
		return math.NaN()
	}
	r, q := reduceHalfPi(x)
	s, c := sinCosDD(r)
	switch q {
	case 0:
		return s.hi
	case 1:
		return c.hi
	case 2:
		return -s.hi
	}
	return -c.hi
}

func crCos(x float64) float64 {
	switch {
	case x != x:
		return x
	case x == 0:
		return 1
	case math.IsInf(x, 0):
		return math.NaN()
	}
	r, q := reduceHalfPi(x)
	s, c := sinCosDD(r)
	switch q {
	case 0:
		return c.hi
	case 1:
		return -s.hi
	case 2:
		return -c.hi
	}
	return s.hi
}

func crTan(x float64) float64 {
	switch {
	case x == 0 || x != x:
		return x
	case math.IsInf(x, 0):
		return math.NaN()
	}
	r, q := reduceHalfPi(x)
	s, c := sinCosDD(r)
	if q&1 == 0 {
		return ddDiv(s, c).hi
	}
	return -ddDiv(c, s).hi
}

// atanDD returns atan(q) for q >= 0.
func atanDD(q dd) dd {
	inv := q.hi > 1
	if inv {
		q = ddDiv(ddOf(1), q)
	}
	// atan q = 2 atan(q / (1 + sqrt(1+q^2))), three times: q <= tan(pi/32).
	for i := 0; i < 3; i++ {
		q = ddDiv(q, ddAdd(ddOf(1), ddSqrt(ddAdd(ddOf(1), ddMul(q, q)))))
	}
	// atan q = q * sum (-1)^n q^2n/(2n+1); q^2 <= 0.0097, 18 terms.
	const n = 17
	q2 := ddMul(q, q)
	p := alternate(invOdd[n], n)
	for i := n - 1; i >= 0; i-- {
		p = ddAdd(ddMul(p, q2), alternate(invOdd[i], i))
	}
	a := ddScale(ddMul(p, q), 8)
	if inv {
		a = ddSub(ddPiHalf, a)
	}
	return a
}

func crAtan(x float64) float64 {
	switch {
	case x == 0 || x != x:
		return x
	case math.IsInf(x, 1):
		return piHalf
	case math.IsInf(x, -1):
		return -piHalf
	}
	a := atanDD(ddOf(math.Abs(x))).hi
	if x < 0 {
		return -a
	}
	return a
}

func crAtan2(y, x float64) float64 {
	if y != y || x != x || y == 0 || x == 0 || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return math.Atan2(y, x) // C99 special values
	}
	ay, ax := math.Abs(y), math.Abs(x)
	var a dd
	switch {
	case ay <= ax && ay/ax < 0x1p-900:
		// atan(q) = q to far more than double precision.
		if x > 0 {
			return y / x
		}
		a = ddSub(ddPi, ddDivF(ay, ax))
	case ay <= ax:
		a = atanDD(ddDivF(ay, ax))
		if x < 0 {
			a = ddSub(ddPi, a)
		}
	default:
		if ax/ay < 0x1p-900 {
			a = ddPiHalf
		} else {
			a = ddSub(ddPiHalf, atanDD(ddDivF(ax, ay)))
		}
		if x < 0 {
			a = ddSub(ddPi, a)
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

func crAsin(x float64) float64 {
	ax := math.Abs(x)
	switch {
	case x != x:
		return x
	case ax > 1:
		return posNaN
	case ax < 0x1p-26:
		return x // asin x = x + x^3/6 + ...: rounds to x
	case ax == 1:
		return math.Copysign(piHalf, x)
	}
	a := atanDD(ddDiv(ddOf(ax), asinAcosRoot(ax))).hi
	return math.Copysign(a, x)
}

func crAcos(x float64) float64 {
	ax := math.Abs(x)
	switch {
	case x != x:
		return x
	case ax > 1:
		return posNaN
	case x == 1:
		return 0
	case x == -1:
		return ddPi.hi
	case ax < 0x1p-60:
		// acos x = pi/2 - x - x^3/6...; also keeps sqrt(1-x^2)/x finite.
		return ddSub(ddPiHalf, ddOf(x)).hi
	}
	a := atanDD(ddDiv(asinAcosRoot(ax), ddOf(ax)))
	if x < 0 {
		a = ddSub(ddPi, a)
	}
	return a.hi
}

// crPow is pow(x, y) as glibc computes it: C99's special values, with
// glibc's NaN signs (the caller must not fix them up), and the correctly
// rounded exp(y*log|x|) otherwise.
func crPow(x, y float64) float64 {
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
			return negNaN
		}
		neg = isOddInt(y)
		x = -x
	}
	l := logDD(x)
	var r float64
	switch p := l.hi * y; {
	case p > 709.8:
		r = math.Inf(1)
	case p < -745.2:
		r = 0
	default:
		m, k := expCore(ddMulF(l, y))
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
