package highlight

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2/lexers"
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
		{"json", `{"a": [1.5e3, true, null]}`, `{<keyword>"a"</>: [<number>1.5e3</>, <constant>true</>, <constant>null</>]}`},
		{"sh", `echo "$HOME" # hi`, `<builtin>echo</> <string>"</><constant>$HOME</><string>"</> <comment># hi</>`},
		{"ts", `const a = b /* x */`, `<keyword>const</> a = b <comment>/* x */</>`},
		{"rust", "let x: i32 = 5;", "<keyword>let</> x: <builtin>i32</> = <number>5</>;"},
		{"rs", "fn f() {}", "<keyword>fn</> f() {}"}, // an extension works as a slug
		{"diff", "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new\n ctx", "<heading>--- a/x</>\n<heading>+++ b/x</>\n<constant>@@ -1 +1 @@</>\n<removed>-old</>\n<added>+new</>\n ctx"},
	} {
		t.Run(c.slug+"/"+c.in, func(t *testing.T) {
			if got := hl(c.in, c.slug); got != c.want {
				t.Errorf("%s %q:\n got %s\nwant %s", c.slug, c.in, got, c.want)
			}
		})
	}
}

func TestUnknownSlugUnchanged(t *testing.T) {
	for _, slug := range []string{"", "no-such-language", "LUA2", "  "} {
		if got := Highlight("x = 1", slug, tags); got != "x = 1" {
			t.Errorf("slug %q changed the text: %q", slug, got)
		}
	}
	if Supported("no-such-language") || !Supported("Go") || !Supported("py") {
		t.Error("Supported is wrong")
	}
}

func TestMultilineCommentClosesEachLine(t *testing.T) {
	got := hl("/* a\nb */", "go")
	if got != "<comment>/* a</>\n<comment>b */</>" {
		t.Errorf("got %q", got)
	}
}

var sgr = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// checkLines asserts that the output spells the input and that no line
// ends with a style open.
func checkLines(t *testing.T, slug, in, out string) {
	t.Helper()
	if plain := sgr.ReplaceAllString(out, ""); plain != in {
		t.Fatalf("%s: %q became %q", slug, in, plain)
	}
	for _, line := range strings.Split(out, "\n") {
		if seqs := sgr.FindAllString(line, -1); len(seqs) > 0 && seqs[len(seqs)-1] != reset {
			t.Fatalf("%s: a style is left open at the end of %q", slug, line)
		}
	}
}

func red(string) string { return "\x1b[31m" }

func TestNoTextLostInAnyLanguage(t *testing.T) {
	inputs := []string{`"unterminated`, "[[open", "'''x", "$", "0x", "--[==[", "a#b", "\xff\xfe", "x\r\ny\n", "\t\tindent\n\n", "/* open\ncomment"}
	for _, name := range lexers.Names(false) {
		for _, in := range inputs {
			checkLines(t, name, in, Highlight(in, name, red))
		}
	}
}

func TestCacheReturnsTheSame(t *testing.T) {
	body := strings.Repeat("local x = 1 -- one\n", 20)
	a := Highlight(body, "lua", red)
	b := Highlight(body, "lua", tags) // same tokens, another style
	if a == b || sgr.ReplaceAllString(a, "") != body {
		t.Fatal("styles not applied per call")
	}
	if Highlight(body, "lua", red) != a {
		t.Error("a cached highlight differs")
	}
	if Highlight(body, "python", red) == a {
		t.Error("the cache mixed languages")
	}
}

func FuzzHighlight(f *testing.F) {
	for _, s := range []string{"local x = [[a\nb]]", "func f() { /* x\n */ }", "echo \"$x\" `y`", "{\"a\":1}", "+a\n-b\n@@"} {
		f.Add(s, uint8(0))
	}
	slugs := []string{"lua", "go", "sh", "json", "diff", "python", "javascript", "markdown", "yaml", "c"}
	f.Fuzz(func(t *testing.T, in string, pick uint8) {
		slug := slugs[int(pick)%len(slugs)]
		checkLines(t, slug, in, Highlight(in, slug, red))
	})
}

// benchSources are real files of this repository.
func benchSources(b *testing.B) map[string]string {
	read := func(path string) string {
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		return string(data)
	}
	return map[string]string{
		"go":  read("../screen/painter.go"),
		"lua": read("../../stdext/tools/shell.lua"),
	}
}

// BenchmarkHighlight compares chroma (cold: every call lexes; cached: the
// same text again, as a component's render asks every frame) with the
// hand-written highlighter it replaced. MB/s is of source text.
func BenchmarkHighlight(b *testing.B) {
	for lang, src := range benchSources(b) {
		b.Run(lang+"/handwritten", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for i := 0; i < b.N; i++ {
				handHighlight(src, lang, red)
			}
		})
		b.Run(lang+"/chroma", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			lex(src, lang) // the lexer's first use compiles its expressions
			tooSlow.Clear()
			for i := 0; i < b.N; i++ {
				spans, _ := lex(src, lang) // past the cache
				_ = spans
			}
		})
		b.Run(lang+"/chroma-cached", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			Highlight(src, lang, red)
			for i := 0; i < b.N; i++ {
				Highlight(src, lang, red)
			}
		})
	}
}

// BenchmarkHighlightStreaming is a code block arriving line by line: each
// delta lexes the whole block so far, a text never seen before (what an
// unfinished code block would cost per delta if it were highlighted
// whole; tui/markdown highlights it in pieces instead). ns/op is per
// delta, averaged over blocks of 1 to 120 lines.
func BenchmarkHighlightStreaming(b *testing.B) {
	src := benchSources(b)["go"]
	lines := strings.SplitAfter(src, "\n")
	if len(lines) > 120 {
		lines = lines[:120]
	}
	lex(src, "go") // compile the lexer outside the measurement
	tooSlow.Clear()
	for _, impl := range []string{"handwritten", "chroma"} {
		b.Run(impl, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				n := i%len(lines) + 1
				body := strings.Join(lines[:n], "")
				if impl == "chroma" {
					lex(body, "go")
				} else {
					handHighlight(body, "go", red)
				}
			}
		})
	}
}
