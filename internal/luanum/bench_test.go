package luanum

import "testing"

var benchFloats = []float64{3.0, 0.1, 1.0 / 3, 123456.789, 1e100, -2.5e-300, 1e15}

func BenchmarkFormatFloat(b *testing.B) {
	for b.Loop() {
		for _, f := range benchFloats {
			_ = FormatFloat(f)
		}
	}
}

func BenchmarkAppendFloat(b *testing.B) {
	buf := make([]byte, 0, 64)
	for b.Loop() {
		for _, f := range benchFloats {
			buf = AppendFloat(buf[:0], f)
		}
	}
}

func BenchmarkAppendFloatIntegral(b *testing.B) {
	buf := make([]byte, 0, 64)
	for b.Loop() {
		buf = AppendFloat(buf[:0], 42.0)
	}
}

func BenchmarkStrToNumber(b *testing.B) {
	inputs := []string{"42", "  -9223372036854775808 ", "0xff", "3.14159", "1e308", "0x1.8p4", "12abc"}
	for b.Loop() {
		for _, s := range inputs {
			StrToNumber(s)
		}
	}
}

func BenchmarkStrToNumberInt(b *testing.B) {
	for b.Loop() {
		StrToNumber("123456")
	}
}

func BenchmarkAppendFormatFloat(b *testing.B) {
	specs := []Spec{{Precision: 2, Verb: 'f'}, {Precision: -1, Verb: 'g'}, {Precision: -1, Verb: 'a'}, {Flags: "-", Width: 12, Precision: 4, Verb: 'e'}}
	buf := make([]byte, 0, 64)
	for b.Loop() {
		for _, sp := range specs {
			buf = AppendFormatFloat(buf[:0], sp, 1234.5678)
		}
	}
}
