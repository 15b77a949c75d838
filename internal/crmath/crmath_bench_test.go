package crmath

import (
	"math"
	"testing"
)

var benchSink float64

func BenchmarkCRSin(b *testing.B) {
	for i := 0; i < b.N; i++ {
		benchSink += Sin(float64(i%1000000) + 0.5)
	}
}

func BenchmarkCRExp(b *testing.B) {
	for i := 0; i < b.N; i++ {
		benchSink += Exp(float64(i%1000)/100 - 5)
	}
}

func BenchmarkCRLog(b *testing.B) {
	for i := 0; i < b.N; i++ {
		benchSink += Log(float64(i%1000000) + 0.5)
	}
}

func BenchmarkCRPow(b *testing.B) {
	for i := 0; i < b.N; i++ {
		benchSink += Pow(float64(i%1000)+0.5, 0.3)
	}
}

func BenchmarkCRAtan(b *testing.B) {
	for i := 0; i < b.N; i++ {
		benchSink += Atan(float64(i%1000) + 0.5)
	}
}

func BenchmarkGoSin(b *testing.B) {
	for i := 0; i < b.N; i++ {
		benchSink += math.Sin(float64(i%1000000) + 0.5)
	}
}
