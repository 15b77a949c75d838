package host

import (
	"fmt"
	"strings"
	"testing"

	"panto/runtime"
)

// TestLuaTokens: the tokens the brace search reads, with the lines Lua
// counts, through the parts of a source that hold braces which are no
// table: strings with escapes, long strings and comments.
func TestLuaTokens(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string // text/line, strings quoted
	}{
		{`local t = { x = 1 }`, `local/1 t/1 =/1 {/1 x/1 =/1 1/1 }/1`},
		{`a == b ~= c <= d >= e = f`, `a/1 ==/1 b/1 ~=/1 c/1 <=/1 d/1 >=/1 e/1 =/1 f/1`},
		{`"a\"{" '\\' "}"`, `"a\"{"/1 "\\"/1 "}"/1`},
		{"\"x\\z\n  y\" z", `"x\z` + "\n" + `  y"/1 z/2`},
		{"\"a\\\nb\" c", "\"a\\\nb\"/1 c/2"},
		{"[==[ ]] { ]=] ]==] {", `" ]] { ]=] "/1 {/1`},
		{"[[\n{\n]] x", "\"\n{\n\"/1 x/3"},
		{"--[==[ {\n]] ]==] x --[ { \n y -- }\n}", `x/2 y/3 }/4`},
		{"a[b] c[=", `a/1 [/1 b/1 ]/1 c/1 [/1 =/1`},
		{"1.5e+3 0x1e+1 .5 .. x", `1.5e+3/1 0x1e/1 +/1 1/1 .5/1 ./1 ./1 x/1`},
		{"a\r\nb\n\rc\rd\ne", `a/1 b/2 c/3 d/4 e/5`},
		{"x 'open\n{", `x/1`},
		{"x \"open", `x/1`},
		{"x --[[ open {", `x/1`},
		{"x [==[ open {", `x/1`},
	} {
		var got []string
		for _, tok := range luaTokens(c.src) {
			text := tok.text
			if tok.str {
				text = `"` + text + `"`
			}
			got = append(got, fmt.Sprintf("%s/%d", text, tok.line))
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("luaTokens(%q) = %s\nwant %s", c.src, strings.Join(got, " "), c.want)
		}
	}
}

// TestBraceNeedsTheSource: without the source (a bundle holds only
// chunks) a table keeps the chunk's line, that of the token before its
// brace; with it, the brace's own line. A field set outside a
// constructor keeps its own line either way.
func TestBraceNeedsTheSource(t *testing.T) {
	src := "local list = {\n  {\n    name = \"b\",\n  },\n}\nlist.other = {}\nlist.other.name = \"c\"\nreturn\n{ list }\n"
	L := runtime.NewState()
	fn, err := L.Load(src, "=t", "t")
	if err != nil {
		t.Fatal(err)
	}
	bare := &chunkWhere{L: L, fn: fn}
	read := &chunkWhere{L: L, fn: fn, read: func() ([]byte, error) { return []byte(src), nil }}
	unreadable := &chunkWhere{L: L, fn: fn, read: func() ([]byte, error) { return nil, fmt.Errorf("gone") }}
	for _, c := range []struct {
		what        string
		got         func(*chunkWhere) int
		bare, wants int
	}{
		{"declaration b", func(w *chunkWhere) int { return w.declaration("b") }, 1, 2},
		{"field c", func(w *chunkWhere) int { return w.declaration("c") }, 7, 7},
		{"returned", func(w *chunkWhere) int { return w.returned() }, 8, 9},
	} {
		if got := c.got(bare); got != c.bare {
			t.Errorf("%s without the source: line %d, want %d", c.what, got, c.bare)
		}
		if got := c.got(unreadable); got != c.bare {
			t.Errorf("%s with an unreadable source: line %d, want %d", c.what, got, c.bare)
		}
		if got := c.got(read); got != c.wants {
			t.Errorf("%s with the source: line %d, want %d", c.what, got, c.wants)
		}
	}
}

// FuzzLuaTokens: any source splits without a panic, and the lines only
// grow and never pass the number of line ends.
func FuzzLuaTokens(f *testing.F) {
	for _, s := range []string{"return {\n  { name = 'a' },\n  {\n name = \"b\" }\n}", "--[==[ { ]==] [[x]] 'a\\z\n b' \"\\\"\"", "a\r\n\n\r[=[", "x = [", "--[", "'\\"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		max := 1 + strings.Count(src, "\n") + strings.Count(src, "\r")
		last := 1
		for _, tok := range luaTokens(src) {
			if tok.line < last || tok.line > max {
				t.Fatalf("token %q at line %d after line %d (at most %d)", tok.text, tok.line, last, max)
			}
			last = tok.line
			if !tok.str && tok.text == "" {
				t.Fatal("an empty token")
			}
		}
	})
}
