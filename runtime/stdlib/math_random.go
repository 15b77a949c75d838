package stdlib

import (
	"math/bits"
	"math/rand/v2"
	"time"

	"panto/runtime"
)

// math.random and math.randomseed.
//
// Programs that seed the generator expect the reference's numbers, so this
// is the reference's generator exactly: xoshiro256** on four 64-bit words,
// seeded from (n1, n2) as {n1, 0xff, n2, 0} followed by 16 discarded
// outputs; a float takes the top 53 bits of an output times 2^-53; an
// integer in [m, n] comes from projecting an output into [0, n-m]: the
// output is masked with the smallest 2^b-1 covering n-m and drawn again
// while it is above n-m (no modulo bias, and no draw at all when n-m+1 is a
// power of two). Without math.randomseed the seed is random per state, like
// the reference's time-and-address seed.

// xoshiro is the generator state of one Lua state.
type xoshiro [4]uint64

// next advances the state and returns the next output.
func (s *xoshiro) next() uint64 {
	s0, s1, s2, s3 := s[0], s[1], s[2]^s[0], s[3]^s[1]
	res := bits.RotateLeft64(s1*5, 7) * 9
	s[0] = s0 ^ s3
	s[1] = s1 ^ s2
	s[2] = s2 ^ (s1 << 17)
	s[3] = bits.RotateLeft64(s3, 45)
	return res
}

// seed resets the state from two seed words.
func (s *xoshiro) seed(n1, n2 uint64) {
	*s = xoshiro{n1, 0xff, n2, 0}
	for i := 0; i < 16; i++ {
		s.next()
	}
}

// float converts an output to a float in [0, 1) from its 53 top bits.
func randFloat(r uint64) float64 {
	return float64(r>>11) * (1.0 / (1 << 53))
}

// project maps a random output into [0, n].
func (s *xoshiro) project(r, n uint64) uint64 {
	if n&(n+1) == 0 { // n+1 is a power of two: just mask
		return r & n
	}
	lim := n // smallest 2^b-1 not below n
	lim |= lim >> 1
	lim |= lim >> 2
	lim |= lim >> 4
	lim |= lim >> 8
	lim |= lim >> 16
	lim |= lim >> 32
	for r &= lim; r > n; r &= lim {
		r = s.next()
	}
	return r
}

// randomSeeds returns the seed used when the program gives none: the time
// and a random word standing for the reference's second part, the state's
// address (hence 48 bits, so it prints like one).
func randomSeeds() (uint64, uint64) {
	return uint64(time.Now().Unix()), rand.Uint64() >> 16
}

func openRandom(L *runtime.State, lib *runtime.Table) {
	g := new(xoshiro)
	g.seed(randomSeeds())
	lib.SetName("random", runtime.NewFunction("random", func(L *runtime.State) int {
		return mathRandom(L, g)
	}))
	lib.SetName("randomseed", runtime.NewFunction("randomseed", func(L *runtime.State) int {
		return mathRandomseed(L, g)
	}))
}

// mathRandom is math.random([m [, n]]). The output is drawn before the
// arguments are checked, as in the reference, so a failing call still
// advances the sequence.
func mathRandom(L *runtime.State, g *xoshiro) int {
	rv := g.next()
	var low, up int64
	switch L.Top() {
	case 0:
		L.Push(runtime.Float(randFloat(rv)))
		return 1
	case 1:
		low, up = 1, L.CheckInteger(1)
		if up == 0 { // math.random(0): a whole random integer
			L.Push(runtime.Int(int64(rv)))
			return 1
		}
	case 2:
		low, up = L.CheckInteger(1), L.CheckInteger(2)
	default:
		L.Errorf("wrong number of arguments")
	}
	if low > up {
		L.ArgError(1, "interval is empty")
	}
	p := g.project(rv, uint64(up)-uint64(low))
	L.Push(runtime.Int(int64(p + uint64(low))))
	return 1
}

// mathRandomseed is math.randomseed([n1 [, n2]]); it returns the two seed
// words it used (5.4.4).
func mathRandomseed(L *runtime.State, g *xoshiro) int {
	var n1, n2 uint64
	if L.NoValue(1) {
		n1, n2 = randomSeeds()
	} else {
		n1 = uint64(L.CheckInteger(1))
		n2 = uint64(L.OptInteger(2, 0))
	}
	g.seed(n1, n2)
	L.Push(runtime.Int(int64(n1)), runtime.Int(int64(n2)))
	return 2
}
