package crmath

import "math"

// Slow double-double versions of the elementary functions: plain series
// with no tables. They compute the tables of the fast versions in
// crfast.go at start-up, and the tests check the fast versions against
// them.

// expSlow returns m and k with exp(x) = m * 2^k, m in about [0.7, 1.4],
// from Taylor series only; it is the reference for expCore.
func expSlow(x dd) (dd, int) {
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

// logSlow returns log(x) for a finite x > 0 from a long atanh series; it
// builds the table of logDD.
func logSlow(x float64) dd {
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

// sinCosSlow returns sin(r) and cos(r) for |r| <= about pi/4 from their
// Taylor series; it builds the table of sinCosDD.
func sinCosSlow(r dd) (dd, dd) {
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

// atanSlow returns atan(q) for q >= 0 by argument halving and its series;
// it builds the table of atanDD.
func atanSlow(q dd) dd {
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
