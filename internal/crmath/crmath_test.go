package crmath

import (
	"math"
	"testing"
)

func TestCorrectlyRoundedMatchesReference(t *testing.T) {
	for _, c := range [][6]float64{
		{0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53, -0x1p+0, -0x1.1a62633145c07p-53, 0x1.724046eb09339p+4, 0x1.250d048e7a1bdp+0},
		{0x1p+0, 0x1.aed548f090ceep-1, 0x1.14a280fb5068cp-1, 0x1.8eb245cbee3a6p+0, 0x1.5bf0a8b145769p+1, 0x0p+0},
		{0x1.8p+1, 0x1.210386db6d55bp-3, -0x1.fae04be85e5d2p-1, -0x1.23ef71254b86fp-3, 0x1.415e5bf6fb106p+4, 0x1.193ea7aad030bp+0},
		{0x1.8p+0, 0x1.feb7a9b2c6d8bp-1, 0x1.21bd54fc5f9a7p-4, 0x1.c33ed50b88777p+3, 0x1.1ed3fe64fc541p+2, 0x1.9f323ecbf984cp-2},
		{0x1.0f0cf064dd592p+73, -0x1.b453ab76bf397p-1, 0x1.0be2cef01c8f4p-1, -0x1.a0f79c1b6b257p+0, math.Inf(1), 0x1.95414621954fep+5},
		{0x1.999999999999ap-4, 0x1.98eaecb8bcb2cp-4, 0x1.fd712f9a817c1p-1, 0x1.9af8877430b8p-4, 0x1.1aec7b35a00d4p+0, -0x1.26bb1bbb55515p+1},
	} {
		x := c[0]
		for i, f := range []func(float64) float64{Sin, Cos, Tan, Exp, Log} {
			if got := f(x); got != c[i+1] {
				t.Errorf("function %d of %x = %x, want %x", i, x, got, c[i+1])
			}
		}
	}
	// Exact cases the reference gets exactly.
	if got := Log(27) / Log(3); got != 3 {
		t.Errorf("log(27)/log(3) = %v", got)
	}
	if got := Pow(10, -2); got != 0.01 {
		t.Errorf("pow(10, -2) = %v", got)
	}
	if got := Pow(1e308, -1); got != 1/1e308 { // subnormal result
		t.Errorf("pow(1e308, -1) = %v", got)
	}
}

func TestFastKernelsMatchSlow(t *testing.T) {
	rnd := uint64(12345)
	next := func() float64 { // deterministic values in [0, 1)
		rnd = rnd*6364136223846793005 + 1442695040888963407
		return float64(rnd>>11) / (1 << 53)
	}
	close := func(a, b dd, what string, x float64) {
		t.Helper()
		d := ddSub(a, b)
		if math.Abs(d.hi) > math.Abs(b.hi)*0x1p-98 {
			t.Errorf("%s(%v): fast %v slow %v", what, x, a, b)
		}
	}
	for i := 0; i < 2000; i++ {
		x := (next() - 0.5) * 1400
		m1, k1 := expCore(ddOf(x))
		m2, k2 := expSlow(ddOf(x))
		close(ddScale(m1, math.Ldexp(1, k1-k2)), m2, "exp", x)
		y := math.Ldexp(next()+0.5, int(next()*2000)-1000)
		close(logDD(y), logSlow(y), "log", y)
		r := (next() - 0.5) * math.Pi / 2
		s1, c1 := sinCosDD(ddOf(r))
		s2, c2 := sinCosSlow(ddOf(r))
		close(s1, s2, "sin", r)
		close(c1, c2, "cos", r)
		q := math.Ldexp(next(), int(next()*20)-10)
		close(atanDD(ddOf(q)), atanSlow(ddOf(q)), "atan", q)
	}
}

// The quick kernels must never change a result: the functions with their
// fallback give what the accurate kernels alone give.

func TestQuickKernelsAgreeWithAccurate(t *testing.T) {
	rnd := uint64(987654321)
	next := func() float64 {
		rnd = rnd*6364136223846793005 + 1442695040888963407
		return float64(rnd>>11) / (1 << 53)
	}
	check := func(what string, x, got, want float64) {
		t.Helper()
		if got != want && !(got != got && want != want) {
			t.Errorf("%s(%v) = %v, accurate kernels give %v", what, x, got, want)
		}
	}
	for i := 0; i < 20000; i++ {
		x := (next() - 0.5) * 1400
		m, k := expCore(ddOf(x))
		check("exp", x, Exp(x), ldexpRound(m, k))
		y := math.Ldexp(next()+0.5, int(next()*2000)-1000)
		check("log", y, Log(y), logDD(y).hi)
		z := (next() - 0.5) * math.Ldexp(1, int(next()*40)-10)
		r, q := reduceHalfPi(z)
		s, c := sinCosDD(r)
		want := [4]float64{s.hi, c.hi, -s.hi, -c.hi}[q]
		if math.Abs(z) >= 0x1p-27 {
			check("sin", z, Sin(z), want)
		}
		w := math.Ldexp(next(), int(next()*40)-20)
		check("atan", w, Atan(w), atanDD(ddOf(w)).hi)
		b := next() * 3
		e := (next() - 0.5) * 40
		mp, kp := expCore(ddMulF(logDD(b), e))
		check("pow", b, Pow(b, e), ldexpRound(mp, kp))
	}
}
