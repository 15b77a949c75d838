package compiler

import (
	"runtime/debug"
	"strings"
	"testing"
)

// Left-deep chains are as deep as the source is long (the parser builds
// them in a loop, as the reference's does), so compiling them must not
// recurse on the Go stack. The stack is capped here so that a recursive
// walk fails at a size a test can afford (the reported case, 3 MB of
// "1+", overflowed Go's 1 GB default).
func TestDeepLeftChainsCompile(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(8 << 20))
	const n = 200000
	cases := []struct{ name, src string }{
		{"addition", "return " + strings.Repeat("1+", n) + "1"},
		{"subtraction of names", "local a return " + strings.Repeat("a-", n) + "a"},
		// The jump lists of and/or chains make them quadratic to compile,
		// as in the reference: a shorter chain, still deep enough.
		{"and", "return " + strings.Repeat("x and ", n/16) + "1"},
		{"or", "return " + strings.Repeat("x or ", n/16) + "1"},
		{"comparisons", "return " + strings.Repeat("1 < ", n) + "1"},
		{"fields", "return a" + strings.Repeat(".b", n)},
		{"indexes", "return a" + strings.Repeat("[1]", n)},
		{"calls", "return f" + strings.Repeat("(1)", n)},
		{"methods", "return o" + strings.Repeat(":m()", n)},
		{"mixed", "return a" + strings.Repeat(".b(1):c()[2] + a", n)},
		{"assignment target", "a" + strings.Repeat(".b", n) + " = 1"},
		{"call statement", "f" + strings.Repeat("(1)", n)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := Compile("=deep", c.src); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// Right-associative and prefix nesting recurses in the parser, which
// bounds it with the reference's limit and message.
func TestDeepNestingIsAnError(t *testing.T) {
	const n = 100000
	cases := []struct{ name, src string }{
		{"concatenation", "return " + strings.Repeat("'a'..", n) + "'a'"},
		{"power", "return " + strings.Repeat("2^", n) + "2"},
		{"not", "return " + strings.Repeat("not ", n) + "1"},
		{"minus", "return " + strings.Repeat("- ", n) + "1"},
		{"parentheses", "return " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n)},
		{"tables", "return " + strings.Repeat("{", n) + strings.Repeat("}", n)},
		{"blocks", strings.Repeat("do ", n) + strings.Repeat("end ", n)},
		{"functions", strings.Repeat("function f() ", n) + strings.Repeat("end ", n)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Compile("=deep", c.src)
			if err == nil || !strings.Contains(err.Error(), "C stack overflow") {
				t.Fatalf("got %v, want a C stack overflow error", err)
			}
		})
	}
}
