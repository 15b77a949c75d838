// Package calc is the mutation harness's test subject. The comment at
// the end of a line lists, after each "want", a mutant the harness must
// find there: its operator, its change quoted, and "equivalent" when the
// harness must show it so. calc_test.go kills some of them and leaves
// others alive on purpose.
package calc

import (
	"fmt"
	"strconv"
	"strings"
)

// Sign is tested at -1, 0 and 1, so every mutant of it dies.
func Sign(v int) int { // want early-return "return at the start of Sign"
	if v < 0 { // want boundary "< → <=" ; want negate-cond "negate v < 0" ; want const "0 → 1"
		return -1 // want const "1 → 2"
	}
	if v > 0 { // want boundary "> → >="
		return 1
	}
	return 0
}

// Positive is tested only far from zero: the boundary flip survives.
func Positive(v int) bool {
	return v > 0 // want boundary "> → >=" ; want const "0 → 1"
}

// Big has no test: its mutants are uncovered.
func Big(v int) bool {
	return v >= 100 // want boundary ">= → >" ; want const "100 → 101"
}

// Parse turns s into a number.
func Parse(s string) (int, error) { // want early-return "return at the start of Parse"
	n, err := strconv.Atoi(s)
	if err != nil { // want drop-errcheck "drop check err != nil" ; want negate-cmp "!= → =="
		return 0, fmt.Errorf("%s: %w", s, err)
	}
	return n, nil
}

// Diff subtracts; Sub's arguments have the same type, so they swap.
func Diff(a, b int) int {
	return sub(a, b) + max(a, b) - max(a, b) // want swap-args "swap a, b"
}

func sub(a, b int) int { return a - b }

// Lengths holds the shapes the harness proves equivalent.
func Lengths(parts []string) []int {
	out := make([]int, 0, len(parts)+1) // want const "1 → 2" equivalent
	var sb strings.Builder
	sb.Grow(64)          // want drop-stmt "drop sb.Grow(64)" equivalent ; want const "64 → 65" equivalent
	if len(parts) > -1 { // want boundary "> → >=" equivalent
		for _, p := range parts {
			out = append(out, len(p))
		}
		return out
		out = nil // want drop-stmt "drop out = nil" equivalent
	}
	var buf [4]byte // want const "4 → 5" equivalent
	_ = buf         // want drop-stmt "drop _ = buf" equivalent
	return nil
}
