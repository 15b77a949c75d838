package crmath

import (
	"math"
	"math/big"
	"sync"
)

// Double-double arithmetic for the correctly rounded math functions in
// cr.go.
//
// A dd is an unevaluated sum hi+lo with |lo| <= ulp(hi)/2, about 106
// significant bits. The error-free transformations below are exact in
// IEEE double arithmetic; products are wrapped in float64() conversions so
// that the compiler never fuses them into an FMA, which would break that
// exactness.

type dd struct{ hi, lo float64 }

// twoSum returns s = fl(a+b) and the rounding error e, a+b = s+e exactly.
func twoSum(a, b float64) (s, e float64) {
	s = a + b
	bb := s - a
	e = (a - (s - bb)) + (b - bb)
	return
}

// quickTwoSum is twoSum for |a| >= |b|.
func quickTwoSum(a, b float64) (s, e float64) {
	s = a + b
	e = b - (s - a)
	return
}

// twoProd returns p = fl(a*b) and the rounding error e, a*b = p+e exactly.
func twoProd(a, b float64) (p, e float64) {
	p = float64(a * b)
	e = math.FMA(a, b, -p)
	return
}

func ddOf(x float64) dd { return dd{x, 0} }

func ddAdd(x, y dd) dd {
	s, e := twoSum(x.hi, y.hi)
	t, f := twoSum(x.lo, y.lo)
	e += t
	s, e = quickTwoSum(s, e)
	e += f
	s, e = quickTwoSum(s, e)
	return dd{s, e}
}

func ddNeg(x dd) dd { return dd{-x.hi, -x.lo} }

func ddSub(x, y dd) dd { return ddAdd(x, ddNeg(y)) }

func ddMul(x, y dd) dd {
	p, e := twoProd(x.hi, y.hi)
	e += float64(x.hi*y.lo) + float64(x.lo*y.hi)
	p, e = quickTwoSum(p, e)
	return dd{p, e}
}

func ddMulF(x dd, f float64) dd {
	p, e := twoProd(x.hi, f)
	e += float64(x.lo * f)
	p, e = quickTwoSum(p, e)
	return dd{p, e}
}

// ddScale multiplies by a power of two (exact).
func ddScale(x dd, f float64) dd { return dd{x.hi * f, x.lo * f} }

func ddDiv(x, y dd) dd {
	q1 := x.hi / y.hi
	r := ddSub(x, ddMulF(y, q1))
	q2 := r.hi / y.hi
	r = ddSub(r, ddMulF(y, q2))
	q3 := r.hi / y.hi
	q1, q2 = quickTwoSum(q1, q2)
	return ddAdd(dd{q1, q2}, ddOf(q3))
}

// ddDivF returns a/b as a dd.
func ddDivF(a, b float64) dd {
	q1 := a / b
	r := math.FMA(-q1, b, a) // exact remainder
	q2 := r / b
	q1, q2 = quickTwoSum(q1, q2)
	return dd{q1, q2}
}

func ddSqrt(x dd) dd {
	if x.hi <= 0 {
		return dd{math.Sqrt(x.hi), 0}
	}
	s := math.Sqrt(x.hi)
	p, e := twoProd(s, s)
	d := ((x.hi - p) - e + x.lo) / (2 * s)
	s, d = quickTwoSum(s, d)
	return dd{s, d}
}

// ddFromBig splits a big float into a dd.
func ddFromBig(x *big.Float) dd {
	hi, _ := x.Float64()
	r := new(big.Float).SetPrec(x.Prec()).Sub(x, big.NewFloat(hi))
	lo, _ := r.Float64()
	return dd{hi, lo}
}

// Constants, computed once with math/big rather than typed in as hex
// digits. They are computed on the first call of an exported function,
// not in init: every panto process links this package, few of them call
// math.sin, and the computation costs more instructions than a Go
// hello-world's whole start-up (docs/benchmarks.md, "Start-up").

const bigPrec = 256

var (
	ddLn2      dd         // ln 2
	ln2Parts   [3]float64 // ln 2 = sum, first part with 40 bits so k*part is exact
	ddInvLn2   dd         // 1/ln 2
	ddPi       dd         // pi
	ddPiHalf   dd         // pi/2
	piHalfPart [4]float64 // pi/2 = sum of four doubles
	twoOverPi  float64
	invFact    [32]dd // 1/n!
	invOdd     [48]dd // 1/(2n+1)
)

var constantsOnce sync.Once

// ready computes the constants and tables on first use.
func ready() { constantsOnce.Do(computeConstants) }

func computeConstants() {
	ln2 := bigLn2(bigPrec)
	ddLn2 = ddFromBig(ln2)
	splitBig(ln2, 40, ln2Parts[:])
	one := new(big.Float).SetPrec(bigPrec).SetInt64(1)
	ddInvLn2 = ddFromBig(new(big.Float).SetPrec(bigPrec).Quo(one, ln2))
	pi := bigPi(bigPrec)
	ddPi = ddFromBig(pi)
	half := new(big.Float).SetPrec(bigPrec).Quo(pi, big.NewFloat(2))
	ddPiHalf = ddFromBig(half)
	splitBig(half, 53, piHalfPart[:])
	twoOverPi, _ = new(big.Float).SetPrec(bigPrec).Quo(big.NewFloat(2), pi).Float64()
	f := new(big.Float).SetPrec(bigPrec).SetInt64(1)
	for n := range invFact {
		if n > 0 {
			f.Mul(f, big.NewFloat(float64(n)))
		}
		invFact[n] = ddFromBig(new(big.Float).SetPrec(bigPrec).Quo(one, f))
	}
	for n := range invOdd {
		invOdd[n] = ddFromBig(new(big.Float).SetPrec(bigPrec).Quo(one, big.NewFloat(float64(2*n+1))))
	}
	buildCRTables() // after the constants it uses
}

// splitBig writes x as a sum of float64 parts: the first one keeps only
// firstBits significant bits, the others 53.
func splitBig(x *big.Float, firstBits uint, parts []float64) {
	r := new(big.Float).SetPrec(x.Prec()).Set(x)
	for i := range parts {
		prec := uint(53)
		if i == 0 {
			prec = firstBits
		}
		p := new(big.Float).SetPrec(prec).SetMode(big.ToNearestEven).Set(r)
		parts[i], _ = p.Float64()
		r.Sub(r, p)
	}
}

// bigLn2 computes ln 2 = sum 1/(k 2^k).
func bigLn2(prec uint) *big.Float {
	sum := new(big.Float).SetPrec(prec + 32)
	pow := new(big.Float).SetPrec(prec + 32).SetInt64(1)
	for k := int64(1); k < int64(prec)+40; k++ {
		pow.Quo(pow, big.NewFloat(2))
		t := new(big.Float).SetPrec(prec+32).Quo(pow, big.NewFloat(float64(k)))
		sum.Add(sum, t)
	}
	return sum.SetPrec(prec)
}

// bigPi computes pi with Machin's formula, 16 atan(1/5) - 4 atan(1/239).
func bigPi(prec uint) *big.Float {
	p := prec + 32
	a := bigAtanInv(5, p)
	b := bigAtanInv(239, p)
	a.Mul(a, big.NewFloat(16))
	b.Mul(b, big.NewFloat(4))
	return a.Sub(a, b).SetPrec(prec)
}

// bigAtanInv computes atan(1/n) by its series.
func bigAtanInv(n int64, prec uint) *big.Float {
	x := new(big.Float).SetPrec(prec).Quo(big.NewFloat(1), new(big.Float).SetInt64(n))
	x2 := new(big.Float).SetPrec(prec).Mul(x, x)
	term := new(big.Float).SetPrec(prec).Set(x)
	sum := new(big.Float).SetPrec(prec)
	eps := new(big.Float).SetMantExp(big.NewFloat(1), -int(prec)-8)
	for k := int64(0); ; k++ {
		t := new(big.Float).SetPrec(prec).Quo(term, new(big.Float).SetInt64(2*k+1))
		if k%2 == 0 {
			sum.Add(sum, t)
		} else {
			sum.Sub(sum, t)
		}
		term.Mul(term, x2)
		if term.Cmp(eps) < 0 {
			break
		}
	}
	return sum
}
