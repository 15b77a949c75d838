package pattern

import (
	"errors"
	"strings"
	"testing"
)

// Fuzz inputs are kept short and every operation gets a budget of matcher
// calls: like the reference, the engine is exponential on patterns such as
// "a*a*a*a*a*b", and the targets look for panics and broken invariants, not
// for slow patterns.
const (
	fuzzMaxSubject = 64
	fuzzMaxPattern = 32
	fuzzBudget     = 200_000
)

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func isBudget(err error) bool {
	var b budgetError
	return errors.As(err, &b)
}

func checkMatch(t *testing.T, s string, m Match) {
	t.Helper()
	if m.Start < 0 || m.Start > m.End || m.End > len(s) {
		t.Fatalf("bad match bounds %+v for len %d", m, len(s))
	}
	for _, c := range m.Captures {
		if c.Start < 0 || c.Start > c.End || c.End > len(s) || (c.Position && c.Start != c.End) {
			t.Fatalf("bad capture %+v in %+v", c, m)
		}
	}
}

func FuzzFind(f *testing.F) {
	for _, c := range findCases {
		if len(c.s) <= fuzzMaxSubject && len(c.p) <= fuzzMaxPattern {
			f.Add(c.s, c.p, c.init)
		}
	}
	f.Fuzz(func(t *testing.T, s, p string, init int) {
		s, p = clip(s, fuzzMaxSubject), clip(p, fuzzMaxPattern)
		init = init % (len(s) + 3)
		m, ok, err := find(s, p, init, fuzzBudget, nil)
		if isBudget(err) {
			return
		}
		if err != nil {
			if _, isErr := err.(Error); !isErr || ok {
				t.Fatalf("bad error %#v (ok=%v)", err, ok)
			}
		}
		if ok {
			checkMatch(t, s, m)
			if m.Start < max(init, 0) {
				t.Fatalf("match %+v before init %d", m, init)
			}
			if strings.HasPrefix(p, "^") && m.Start != max(init, 0) {
				t.Fatalf("anchored match %+v not at init %d", m, init)
			}
			for i := range m.Captures {
				if _, _, _, err := CaptureValue(s, m, i); err != nil {
					t.Fatalf("capture %d: %v", i, err)
				}
			}
		}
		// Without an anchor, the first gmatch result is the find result.
		if !strings.HasPrefix(p, "^") && init >= 0 {
			it := NewMatcher(s, p, init)
			it.ms.limited, it.ms.budget = true, fuzzBudget
			m2, ok2, err2 := it.Next()
			if isBudget(err2) {
				return
			}
			if ok2 != ok || (err == nil) != (err2 == nil) || (err != nil && err.Error() != err2.Error()) ||
				(ok && (m.Start != m2.Start || m.End != m2.End || len(m.Captures) != len(m2.Captures))) {
				t.Fatalf("find %+v %v %v, gmatch %+v %v %v", m, ok, err, m2, ok2, err2)
			}
		}
	})
}

func FuzzGsub(f *testing.F) {
	for _, c := range gsubCases {
		if len(c.s) <= fuzzMaxSubject && len(c.p) <= fuzzMaxPattern {
			f.Add(c.s, c.p, c.repl, c.n)
		}
	}
	f.Fuzz(func(t *testing.T, s, p, repl string, maxN int) {
		s, p, repl = clip(s, fuzzMaxSubject), clip(p, fuzzMaxPattern), clip(repl, fuzzMaxPattern)
		maxN = maxN%(len(s)+3) - 1
		matches := 0
		r, n, err := gsub(s, p, maxN, func(m Match) (string, bool, error) {
			checkMatch(t, s, m)
			matches++
			b, err := ExpandReplacement(nil, repl, s, m)
			return string(b), false, err
		}, fuzzBudget, nil)
		if isBudget(err) {
			return
		}
		if n != matches || n > len(s)+1 || (maxN >= 0 && n > maxN) {
			t.Fatalf("count %d, %d calls, maxN %d", n, matches, maxN)
		}
		if err == nil && (repl == "%0" || (repl == "%1" && !strings.Contains(p, "("))) && r != s {
			t.Fatalf("identity replacement changed %q to %q", s, r)
		}
		// Keeping every match must give back the subject and, when the
		// first run did not fail in its replacement, the same count.
		kept, n2, err2 := gsub(s, p, maxN, func(Match) (string, bool, error) { return "", true, nil }, fuzzBudget, nil)
		if isBudget(err2) {
			return
		}
		if err2 == nil && kept != s {
			t.Fatalf("keeping matches changed %q to %q", s, kept)
		}
		if err == nil && (err2 != nil || n2 != n) {
			t.Fatalf("counts %d/%d, errors %v/%v", n, n2, err, err2)
		}
	})
}
