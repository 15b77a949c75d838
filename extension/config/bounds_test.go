package config

import (
	"fmt"
	"strings"
	"testing"
)

// A file nested deeper than MaxNesting or larger than MaxSize is refused
// before the TOML reader sees it (which would have used gigabytes on the
// first), with a message that says why; ParseLayer reports it as an error.
func TestBoundsRefuseBeforeParsing(t *testing.T) {
	deep := "x = " + strings.Repeat("{a=", 8000) + "1" + strings.Repeat("}", 8000) + "\n"
	cases := []struct{ name, data, want string }{
		{"nested inline tables", deep, "config.toml:1: nested more than 32 levels deep"},
		{"nested arrays", "\n\nx = " + strings.Repeat("[", 40) + strings.Repeat("]", 40), "config.toml:3: nested more than 32 levels deep"},
		{"too large", "# " + strings.Repeat("x", MaxSize), "a config.toml is limited to"},
		// Structure after a string on the same line still counts.
		{"nested after a string", `x = ["a", ` + strings.Repeat("[", 40) + strings.Repeat("]", 41), "config.toml:1: nested more than 32 levels deep"},
		{"nested after an escaped quote", `x = ["a\"b", ` + strings.Repeat("[", 40) + strings.Repeat("]", 41), "config.toml:1: nested more than 32 levels deep"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := Parse("config.toml", []byte(c.data))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
			f, warns, err := ParseLayer("config.toml", []byte(c.data))
			if f != nil || len(warns) != 0 || err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("ParseLayer: %v %v %v", f, warns, err)
			}
		})
	}
}

// Brackets inside strings and comments do not count, and nesting up to
// the bound parses.
func TestBoundsCountOnlyStructure(t *testing.T) {
	ok := []string{
		`s = "{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{"`,
		`s = '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['`,
		"s = \"\"\"\n" + strings.Repeat("{", 100) + "\n\"\"\"",
		"s = '''" + strings.Repeat("[", 100) + "'''",
		"# " + strings.Repeat("{", 100),
		`s = "\"{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{"`,
		`s = "a\"{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{"`,
		"x = " + strings.Repeat("[", 31) + strings.Repeat("]", 31),
	}
	for i, data := range ok {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			if d := checkBounds("c.toml", []byte(data)); d != nil {
				t.Errorf("%q refused: %v", data, d)
			}
		})
	}
}

// Warnings point at their own lines, however many there are: the line
// index is built once (finding each key by rescanning the file made
// 20,000 unknown tables take 36 s).
func TestManyWarningsPointAtTheirLines(t *testing.T) {
	var b strings.Builder
	const n = 20000
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "[unknown%d]\nkey = %d\n", i, i)
	}
	_, warns, err := Parse("config.toml", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 2*n { // the table, and its key
		t.Fatalf("%d warnings, want %d", len(warns), 2*n)
	}
	for _, w := range warns {
		var i int
		if _, err := fmt.Sscanf(w.Message, "unknown key \"unknown%d", &i); err != nil {
			t.Fatalf("warning %q", w.Message)
		}
		want := 2*i + 1 // the table's header
		if strings.HasSuffix(w.Message, `.key"`) {
			want++
		}
		if w.Line != want {
			t.Fatalf("warning %q on line %d, want %d", w.Message, w.Line, want)
		}
	}
}
