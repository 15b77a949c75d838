package pattern

import (
	"math/rand"
	"strings"
	"testing"
)

// TestErrorFree checks errorFree against the matcher: no pattern it
// accepts raises an error on any of a set of subjects (matched with a
// budget, so through the recovering scan), and it rejects the patterns
// that do raise one.
func TestErrorFree(t *testing.T) {
	for _, p := range []string{"%", "[a", "[^]", "[%]", "(a", "a)", "%1", "%ba", "%f", "%fa", strings.Repeat("a?", 120),
		"(()", "())", "(a))(", strings.Repeat("()", maxCaptures+1), strings.Repeat("(", maxCaptures+1) + strings.Repeat(")", maxCaptures+1)} {
		if errorFree(p) {
			t.Errorf("errorFree(%q) = true", p)
		}
	}
	for _, p := range []string{"", "a", "[%c\"\\]", "[^ \t\r\n]", "[\"\\]", "-?%d+%.?%d*[eE]?[-+]?%d*", "[]]", "[^]]", "[a-]", "%%", "$", "a$b", "[%]]",
		"(%d+%.%d+)", "(%a+)(%d+)", "()a()", "((a)b)", "k(%d+)", "%((a)%)", "[(](a)[)]", strings.Repeat("()", maxCaptures),
		strings.Repeat("(", maxCaptures) + strings.Repeat(")", maxCaptures)} {
		if !errorFree(p) {
			t.Errorf("errorFree(%q) = false", p)
		}
	}
	// One capture too many is an error, which the recovering path reports.
	if _, _, err := find("x", strings.Repeat("()", maxCaptures+1), 0, 0, nil); err != Error("too many captures") {
		t.Errorf("33 captures: %v, want too many captures", err)
	}
	subjects := []string{"", "a", "ab]c%", "((a))", "xx-1.5e+3yy", "]]][[[", strings.Repeat("a", 300)}
	const alphabet = "a]^[%()-*+?.$bf1d"
	rng := rand.New(rand.NewSource(1))
	accepted, singles := 0, 0
	for n := 0; n < 50000; n++ {
		b := make([]byte, 1+rng.Intn(8))
		for i := range b {
			b[i] = alphabet[rng.Intn(len(alphabet))]
		}
		p := string(b)
		free := errorFree(p)
		raised := false
		for _, s := range subjects {
			if _, _, err := find(s, p, 0, 1<<40, nil); err != nil {
				if _, ok := err.(Error); ok {
					raised = true
				}
			}
		}
		if free && raised {
			t.Fatalf("errorFree(%q) = true, but matching it raises an error", p)
		}
		if free {
			accepted++
			// The cached path (no budget: attempts with the prefilter
			// and first class from errorFreePats) finds and replaces
			// what the recovering path (a budget) does, anchored or not.
			for i := range errorFreePats { // room for p in the cache
				errorFreePats[i].Store(nil)
			}
			qs := []string{p, "^" + p}
			for _, s := range subjects {
				for _, q := range qs {
					repl := func(m Match) (string, bool, error) {
						return "<" + s[m.Start:m.End] + ">", false, nil
					}
					r1, n1, _ := gsub(s, q, -1, repl, 0, nil)
					r2, n2, _ := gsub(s, q, -1, repl, 1<<40, nil)
					if r1 != r2 || n1 != n2 {
						t.Fatalf("gsub(%q, %q): %q %d without a budget, %q %d with one", s, q, r1, n1, r2, n2)
					}
					for init := 0; init <= 2; init++ {
						m1, ok1, _ := find(s, q, init, 0, nil)
						m2, ok2, _ := find(s, q, init, 1<<40, nil)
						if ok1 != ok2 || m1.Start != m2.Start || m1.End != m2.End {
							t.Fatalf("find(%q, %q, %d): %v %v without a budget, %v %v with one", s, q, init, m1, ok1, m2, ok2)
						}
						// The find above taught the cache p: FindSingle
						// answers for the one-item patterns.
						if st, known := FindSingle(s, q, init); known {
							singles++
							if (st >= 0) != ok2 || ok2 && (m2.Start != st || m2.End != st+1) {
								t.Fatalf("FindSingle(%q, %q, %d) = %d, find with a budget %v %v", s, q, init, st, m2, ok2)
							}
						}
					}
				}
			}
		}
	}
	if accepted < 300 {
		t.Fatalf("only %d random patterns were error-free", accepted)
	}
	if singles < 100 {
		t.Fatalf("FindSingle knew only %d of the finds", singles)
	}
}

// TestKnownErrorFree checks the cache answers for the very string stored
// and checks a string it does not hold.
func TestKnownErrorFree(t *testing.T) {
	for i := range errorFreePats { // other tests' patterns may hold the slot
		errorFreePats[i].Store(nil)
	}
	p := strings.Clone("[xyz]+")
	if !knownErrorFree(p) || !knownErrorFree(p) {
		t.Fatal("knownErrorFree of an error-free pattern = false")
	}
	if knownErrorFree(strings.Clone("[xyz")) {
		t.Fatal("knownErrorFree of a malformed pattern = true")
	}
}
