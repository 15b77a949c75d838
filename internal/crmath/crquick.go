package crmath

import "math"

// Quick kernels. They compute the same functions as the kernels of
// crfast.go with most of the series in plain double precision, for a
// relative error below quickErr (about 2^-68 by analysis; the bound keeps a
// margin). That decides the correctly rounded result unless the exact value
// is within quickErr of a rounding boundary; roundOK detects those rare
// cases (about one in a hundred) and the callers then use the accurate
// kernels.

const quickErr = 0x1p-62

// roundOK reports whether every number within relErr of r.hi+r.lo (a
// normalized double-double) rounds to r.hi: the rounding boundaries are
// half an ulp away from hi, or a quarter on the side towards zero when hi
// is a power of two.
func roundOK(r dd, relErr float64) bool {
	bits := math.Float64bits(r.hi)
	b := bits & 0x7ff0000000000000
	if b == 0 || b == 0x7ff0000000000000 {
		return false // zero, subnormal, inf, NaN: leave them to the slow path
	}
	half := math.Float64frombits(b) * 0x1p-53
	if bits&(1<<52-1) == 0 && (r.lo < 0) != (r.hi < 0) {
		half *= 0.5
	}
	return math.Abs(r.lo)+math.Abs(r.hi)*relErr < half
}

// expQuick returns m and k with exp(xh+xl) ~ m * 2^k, m in [1, 2).
func expQuick(xh, xl float64) (dd, int) {
	n := math.Round(xh * (ddInvLn2.hi * expTableN))
	p, e := twoProd(n, ln2o64[0])
	r, rl := twoSum(xh-p, xl-e-n*ln2o64[1]) // xh-p is exact
	// e^r - 1 - r for |r| <= ln2/128, up to r^7.
	t := r * r * (0.5 + r*(1.0/6+r*(1.0/24+r*(1.0/120+r*(1.0/720+r*(1.0/5040))))))
	t += rl * (1 + r)
	h, l := quickTwoSum(r, t)
	tab := exp2Table[int(n)&(expTableN-1)]
	return ddAdd(tab, ddMul(tab, dd{h, l})), int(n) >> 6
}

// logQuick returns log(x) for a finite x > 0.
func logQuick(x float64) dd {
	m, e := math.Frexp(x)
	if m < math.Sqrt2/2 {
		m *= 2
		e--
	}
	j := int(math.Round((m - 1) * logTableN))
	c := 1 + float64(j)/logTableN
	num := m - c // exact
	den, denLo := twoSum(m, c)
	q1 := num / den
	q2 := (math.FMA(-q1, den, num) - q1*denLo) / den
	// 2 atanh(u) = 2u + 2u^3/3 + ..., |u| <= 2^-8
	u2 := q1 * q1
	tail := q1 * u2 * (2.0/3 + u2*(2.0/5+u2*(2.0/7+u2*(2.0/9))))
	h, l := quickTwoSum(2*q1, 2*q2+tail)
	lm := ddAdd(logTable[j+logTabOff], dd{h, l})
	if e == 0 {
		return lm
	}
	fe := float64(e)
	a, _ := twoProd(fe, ln2Parts[0]) // exact: the part has 40 bits
	h, l = quickTwoSum(a, fe*ln2Parts[1])
	return ddAdd(dd{h, l}, lm)
}

// sinCosQuick returns sin(r) and cos(r) for |r| <= about pi/4.
func sinCosQuick(r dd) (dd, dd) {
	neg := r.hi < 0
	if neg {
		r = ddNeg(r)
	}
	j := int(math.Round(r.hi * sinTableN))
	hh, hl := twoSum(r.hi-float64(j)/sinTableN, r.lo) // exact subtraction
	h2 := hh * hh
	st := hl + hh*h2*(-1.0/6+h2*(1.0/120+h2*(-1.0/5040))) // sin h - hh
	ct := h2*(-0.5+h2*(1.0/24+h2*(-1.0/720))) - hh*hl     // cos h - 1
	sc, cc := sinTable[j], cosTable[j]
	// sin r = S cos h + C sin h, cos r = C cos h - S sin h
	s := ddAdd(ddAdd(sc, ddMulF(cc, hh)), ddOf(sc.hi*ct+cc.hi*st))
	c := ddAdd(ddSub(cc, ddMulF(sc, hh)), ddOf(cc.hi*ct-sc.hi*st))
	if neg {
		s = ddNeg(s)
	}
	return s, c
}

// atanQuick returns atan(q) for q >= 0.
func atanQuick(q dd) dd {
	inv := q.hi > 1
	if inv {
		q1 := 1 / q.hi
		q2 := (math.FMA(-q1, q.hi, 1) - q1*q.lo) / q.hi
		h, l := quickTwoSum(q1, q2)
		q = dd{h, l}
	}
	j := int(math.Round(q.hi * atanTabN))
	c := float64(j) / atanTabN
	nh, nl := twoSum(q.hi-c, q.lo) // exact subtraction
	p, pe := twoProd(q.hi, c)
	dh, dl := twoSum(1, p)
	dl += pe + q.lo*c
	d1 := nh / dh
	d2 := (math.FMA(-d1, dh, nh) + nl - d1*dl) / dh
	s := d1 * d1
	tail := d1 * s * (-1.0/3 + s*(1.0/5+s*(-1.0/7+s*(1.0/9-s*(1.0/11)))))
	h, l := quickTwoSum(d1, d2+tail)
	a := ddAdd(atanTable[j], dd{h, l})
	if inv {
		a = ddSub(ddPiHalf, a)
	}
	return a
}
