package highlight

import (
	"strings"
	"testing"
)

// tags renders roles as <role>text</> so expectations stay readable.
func tags(role string) string {
	if role == "" {
		return ""
	}
	return "<" + role + ">"
}

func hl(body, slug string) string {
	out := Highlight(body, slug, tags)
	return strings.ReplaceAll(out, reset, "</>")
}

func TestHighlight(t *testing.T) {
	for _, c := range []struct{ slug, in, want string }{
		{"lua", `local x = "hi" -- note`, `<keyword>local</> x = <string>"hi"</> <comment>-- note</>`},
		{"lua", `return nil, [[a]] --[[b]]`, `<keyword>return</> <constant>nil</>, <string>[[a]]</> <comment>--[[b]]</>`},
		{"go", "func f() int { return 0x1F }", "<keyword>func</> f() <builtin>int</> { <keyword>return</> <number>0x1F</> }"},
		{"go", "s := `raw` // c", "s := <string>`raw`</> <comment>// c</>"},
		{"py", `def f(): return None  # c`, `<keyword>def</> f(): <keyword>return</> <constant>None</>  <comment># c</>`},
		{"json", `{"a": [1.5e3, true, null]}`, `{<string>"a"</>: [<number>1.5e3</>, <constant>true</>, <constant>null</>]}`},
		{"sh", `echo "$HOME" # hi`, `<builtin>echo</> <string>"$HOME"</> <comment># hi</>`},
		{"bash", `x=${y}`, `x=<constant>${y}</>`},
		{"ts", `const a = b /* x */`, `<keyword>const</> a = b <comment>/* x */</>`},
		{"diff", "@@ -1 +1 @@\n-old\n+new\n ctx", "<constant>@@ -1 +1 @@</>\n<removed>-old</>\n<added>+new</>\n ctx"},
	} {
		t.Run(c.slug+"/"+c.in, func(t *testing.T) {
			if got := hl(c.in, c.slug); got != c.want {
				t.Errorf("%s %q:\n got %s\nwant %s", c.slug, c.in, got, c.want)
			}
		})
	}
}

func TestUnknownSlugUnchanged(t *testing.T) {
	for _, slug := range []string{"", "cobol", "LUA2"} {
		if got := Highlight("x = 1", slug, tags); got != "x = 1" {
			t.Errorf("slug %q changed the text: %q", slug, got)
		}
	}
}

func TestMultilineCommentClosesEachLine(t *testing.T) {
	got := hl("/* a\nb */", "go")
	if got != "<comment>/* a</>\n<comment>b */</>" {
		t.Errorf("got %q", got)
	}
}

func TestNoTextLost(t *testing.T) {
	for slug := range languages {
		for _, in := range []string{`"unterminated`, "[[open", "'''x", "$", "0x", "--[==[", "a#b", "\xff\xfe"} {
			t.Run(slug+"/"+in, func(t *testing.T) {
				got := Highlight(in, slug, func(string) string { return "" })
				if got != in {
					t.Errorf("%s: %q became %q", slug, in, got)
				}
			})
		}
	}
}
