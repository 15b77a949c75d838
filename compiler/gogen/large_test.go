package gogen_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"panto/compiler"
	"panto/compiler/gogen"
)

// functionText returns the generated text of function name.
func functionText(t *testing.T, src, name string) string {
	t.Helper()
	start := strings.Index(src, "\nfunc "+name+"(")
	if start < 0 {
		t.Fatalf("no function %s", name)
	}
	rest := src[start+1:]
	if end := strings.Index(rest, "\n}\n"); end >= 0 {
		rest = rest[:end]
	}
	return rest
}

// A small function gets the inlinable table-read helpers and the stores
// that skip a nil pointer; a function too large for Go's inliner gets
// the Frame methods at once and the whole-Value stores (gen.go,
// function).
func TestGenerateLargeFunctionForm(t *testing.T) {
	var body strings.Builder
	body.WriteString("local t = {x = 1.5, y = 2, 3}\nlocal function small(p)\n  local a = p.x * 2.5\n  local b = p[1] + 1\n  return a + b\nend\n")
	body.WriteString("local function large(p)\n  local s = 0.5\n")
	for i := 0; i < 150; i++ {
		fmt.Fprintf(&body, "  s = s * p.x + p[1] - %d.25\n", i)
	}
	body.WriteString("  return s\nend\nreturn small(t), large(t)\n")
	p, err := compiler.Compile("@large.lua", body.String())
	if err != nil {
		t.Fatal(err)
	}
	out, err := gogen.Generate(p, "@large.lua", gogen.Options{Package: "x", Prefix: "l"})
	if err != nil {
		t.Fatal(err)
	}
	src := string(out)
	small, large := functionText(t, src, "lF1"), functionText(t, src, "lF2")
	for _, tc := range []struct {
		name, text string
		want, not  []string
	}{
		{"small", small, []string{"rt.StrField(", "rt.IntField(", "f.SetFloat("}, []string{"f.StoreFloat(", "f.StoreInt(", "f.Move("}},
		{"large", large, []string{"f.GetFieldC(", "f.GetI(", "f.StoreFloat("}, []string{"rt.StrField(", "rt.IntField(", "f.SetFloat(", "f.SetInt(", "f.Copy("}},
	} {
		for _, w := range tc.want {
			if !strings.Contains(tc.text, w) {
				t.Errorf("%s function lacks %s", tc.name, w)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(tc.text, n) {
				t.Errorf("%s function has %s", tc.name, n)
			}
		}
	}
	// Each instruction is still there once, in order, in the large form.
	labels := regexp.MustCompile(`(?m)^pc(\d+):`).FindAllStringSubmatch(large, -1)
	for i, m := range labels {
		if m[1] != fmt.Sprint(i) {
			t.Fatalf("label %d is pc%s", i, m[1])
		}
	}
	if len(labels) != len(p.Protos[1].Code) {
		t.Errorf("%d labels for %d instructions", len(labels), len(p.Protos[1].Code))
	}
}
