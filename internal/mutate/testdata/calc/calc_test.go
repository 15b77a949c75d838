package calc

import "testing"

func TestSign(t *testing.T) {
	for v, want := range map[int]int{-1: -1, 0: 0, 1: 1, -5: -1, 5: 1} {
		if got := Sign(v); got != want {
			t.Errorf("Sign(%d) = %d, want %d", v, got, want)
		}
	}
}

func TestPositive(t *testing.T) {
	if !Positive(5) || Positive(-5) {
		t.Error("Positive is wrong")
	}
}

func TestParse(t *testing.T) {
	if n, err := Parse("42"); n != 42 || err != nil {
		t.Errorf("Parse(42) = %d, %v", n, err)
	}
	if _, err := Parse("x"); err == nil {
		t.Error("Parse(x) gave no error")
	}
}

func TestDiff(t *testing.T) {
	if got := Diff(5, 3); got != 2 {
		t.Errorf("Diff(5, 3) = %d", got)
	}
}
