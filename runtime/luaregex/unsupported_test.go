package luaregex

import (
	"regexp"
	"testing"
)

func TestExplain(t *testing.T) {
	for _, c := range []struct{ pattern, what, text string }{
		{`foo(?=bar)`, "look-ahead", "(?="},
		{`foo(?!bar)`, "negative look-ahead", "(?!"},
		{`(?<=\$)\d+`, "look-behind", "(?<="},
		{`(?<!x)y`, "negative look-behind", "(?<!"},
		{`(\w)\1`, "a backreference", `\1`},
		{`(\w)\18`, "a backreference", `\1`},
		{`(?<q>['"]).*\k<q>`, "a backreference", `\k<q>`},
		{`(a)\g1`, "a backreference", `\g1`},
		{`(a)\g{-1}`, "a backreference", `\g{-1}`},
		{`a++`, "a possessive quantifier", "++"},
		{`a{2}+`, "a possessive quantifier", "}+"},
		{`(?>a|ab)c`, "an atomic group", "(?>"},
		{`end\Z`, `the \Z anchor`, `\Z`},
		{`\(?R)`, "", ""},
		{`(?R)`, "recursion", "(?R)"},
		{`(a(?1)?b)`, "recursion", "(?1)"},
		{`[\1]`, "", ""},
		{`[(?=]x\1`, "a backreference", `\1`},
		{`[]\1]`, "", ""},
		{`\\1`, "", ""},
	} {
		t.Run(c.pattern, func(t *testing.T) {
			l, ok := Explain(c.pattern)
			if c.what == "" {
				if ok {
					t.Fatalf("Explain(%q) = %+v, want nothing", c.pattern, l)
				}
				return
			}
			if !ok || l.What != c.what || l.Text != c.text {
				t.Fatalf("Explain(%q) = %+v, %v; want %s %s", c.pattern, l, ok, c.what, c.text)
			}
			// Every construct named really is one Go's regexp refuses.
			if _, err := regexp.Compile(c.pattern); err == nil {
				t.Fatalf("regexp accepts %q, so Explain must not be asked", c.pattern)
			}
		})
	}
}

// TestModelPatterns are searches models write with grep -E and ripgrep;
// all must compile.
func TestModelPatterns(t *testing.T) {
	for _, p := range []string{
		`add|clamp`, `def \w+\(`, `func \(\w+ \*?\w+\) Name`, `\bTODO\b`, `^\s*import\s+`,
		`[0-9]{3}-\d{4}`, `(?i)error`, `class\s+\w+(\s*<\s*\w+)?`, `\$\{[^}]+\}`, `foo.*bar`,
		`\p{Greek}+`, `(?P<name>\w+)`, `(?<name>\w+)`, `\x41\t\n`, `[[:alpha:]]+`,
	} {
		if _, err := Compile(p, ""); err != nil {
			t.Errorf("Compile(%q): %v", p, err)
		}
	}
}
