package crmath

import (
	"math"
	"math/big"
)

// Table-driven double-double kernels of the correctly rounded functions.
// Each one splits its argument into a table point c and a small remainder,
// so that a short series on the remainder reaches about 2^-106; the tables
// hold double-double values computed at start-up by the slow kernels in
// crslow.go (or math/big).

const (
	expTableN = 64  // exp: 2^(j/64)
	logTableN = 64  // log: points 1 + j/64
	sinTableN = 256 // sin, cos: points j/256
	atanTabN  = 64  // atan: points j/64
)

var (
	exp2Table [expTableN]dd // 2^(j/64)
	ln2o64    [3]float64    // ln2/64 in three parts
	logTable  [logTableN + 1]dd
	logTabOff = 19                  // logTable[i] is log(1 + (i-logTabOff)/64): c from 0.703 to 1.42
	sinTable  [sinTableN*4/5 + 2]dd // up to pi/4 and a little beyond
	cosTable  [sinTableN*4/5 + 2]dd
	atanTable [atanTabN + 1]dd
)

// buildCRTables runs once the constants of math_dd.go exist.
func buildCRTables() {
	// 2^(1/64) by six square roots of 2, then its powers.
	prec := uint(bigPrec)
	root := new(big.Float).SetPrec(prec).SetInt64(2)
	for i := 0; i < 6; i++ {
		root.Sqrt(root)
	}
	p := new(big.Float).SetPrec(prec).SetInt64(1)
	for j := range exp2Table {
		exp2Table[j] = ddFromBig(p)
		p.Mul(p, root)
	}
	ln2 := bigLn2(prec)
	splitBig(new(big.Float).SetPrec(prec).Quo(ln2, big.NewFloat(64)), 53, ln2o64[:])
	for i := range logTable {
		c := 1 + float64(i-logTabOff)/logTableN
		logTable[i] = logSlow(c)
	}
	for j := range sinTable {
		sinTable[j], cosTable[j] = sinCosSlow(ddOf(float64(j) / sinTableN))
	}
	for j := range atanTable {
		atanTable[j] = atanSlow(ddOf(float64(j) / atanTabN))
	}
}

// expCore returns m and k with exp(x) = m * 2^k, m in [1, 2).
func expCore(x dd) (dd, int) {
	n := math.Round(x.hi * (ddInvLn2.hi * expTableN))
	// r = x - n*ln2/64; x.hi - p is exact (Sterbenz).
	p, e := twoProd(n, ln2o64[0])
	r := ddAdd(ddOf(x.hi-p), ddOf(x.lo))
	r = ddSub(r, ddOf(e))
	r = ddSub(r, twoProdDD(n, ln2o64[1]))
	r = ddSub(r, ddOf(n*ln2o64[2]))
	// e^r - 1 for |r| <= ln2/128: 11 terms reach 2^-108.
	q := invFact[11]
	for i := 10; i >= 1; i-- {
		q = ddAdd(ddMul(q, r), invFact[i])
	}
	em1 := ddMul(q, r)
	ni := int(n)
	t := exp2Table[ni&(expTableN-1)]
	return ddAdd(t, ddMul(t, em1)), ni >> 6
}

// logDD returns log(x) for a finite x > 0.
func logDD(x float64) dd {
	m, e := math.Frexp(x) // x = m * 2^e, m in [0.5, 1)
	if m < math.Sqrt2/2 {
		m *= 2
		e--
	}
	// m in [0.707, 1.414); c = 1 + j/64 nearest, log m = log c + 2 atanh(u),
	// u = (m-c)/(m+c), |u| <= 2^-8: 8 terms of the atanh series.
	j := int(math.Round((m - 1) * logTableN))
	c := 1 + float64(j)/logTableN
	u := ddDiv(ddOf(m-c), twoSumDD(m, c)) // m-c is exact
	u2 := ddMul(u, u)
	s := invOdd[7]
	for i := 6; i >= 0; i-- {
		s = ddAdd(ddMul(s, u2), invOdd[i])
	}
	lm := ddAdd(logTable[j+logTabOff], ddScale(ddMul(s, u), 2))
	if e == 0 {
		return lm
	}
	fe := float64(e)
	t := ddAdd(twoProdDD(fe, ln2Parts[0]), twoProdDD(fe, ln2Parts[1]))
	t = ddAdd(t, ddOf(fe*ln2Parts[2]))
	return ddAdd(t, lm)
}

// sinCosDD returns sin(r) and cos(r) for |r| <= about pi/4.
func sinCosDD(r dd) (dd, dd) {
	neg := r.hi < 0
	if neg {
		r = ddNeg(r)
	}
	// r = c + h, c = j/256, |h| <= 2^-9: 5 terms of each series.
	j := int(math.Round(r.hi * sinTableN))
	h := ddAdd(ddOf(r.hi-float64(j)/sinTableN), ddOf(r.lo)) // exact (Sterbenz)
	h2 := ddMul(h, h)
	sh := invFact[9]
	ch := invFact[8]
	for i := 3; i >= 0; i-- {
		sh = ddAdd(ddMul(sh, h2), alternate(invFact[2*i+1], i))
		ch = ddAdd(ddMul(ch, h2), alternate(invFact[2*i], i))
	}
	sh = ddMul(sh, h)
	sc, cc := sinTable[j], cosTable[j]
	s := ddAdd(ddMul(sc, ch), ddMul(cc, sh))
	c := ddSub(ddMul(cc, ch), ddMul(sc, sh))
	if neg {
		s = ddNeg(s)
	}
	return s, c
}

// atanDD returns atan(q) for q >= 0.
func atanDD(q dd) dd {
	inv := q.hi > 1
	if inv {
		q = ddDiv(ddOf(1), q)
	}
	// atan q = atan c + atan d, c = j/64, d = (q-c)/(1+qc), |d| <= 2^-7:
	// 8 terms of the series.
	j := int(math.Round(q.hi * atanTabN))
	c := float64(j) / atanTabN
	d := ddDiv(ddSub(q, ddOf(c)), ddAdd(ddOf(1), ddMulF(q, c)))
	d2 := ddMul(d, d)
	p := alternate(invOdd[7], 7)
	for i := 6; i >= 0; i-- {
		p = ddAdd(ddMul(p, d2), alternate(invOdd[i], i))
	}
	a := ddAdd(atanTable[j], ddMul(p, d))
	if inv {
		a = ddSub(ddPiHalf, a)
	}
	return a
}
