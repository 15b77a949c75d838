package htmlmd

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestConvert(t *testing.T) {
	base, _ := url.Parse("https://example.test/docs/page.html")
	cases := []struct {
		name, in, want string
	}{
		{"headings and paragraphs",
			"<h1>Title</h1><p>First   paragraph\nwraps.</p><h3>Sub <em>part</em></h3><p>Second.</p>",
			"# Title\n\nFirst paragraph wraps.\n\n### Sub *part*\n\nSecond."},
		{"links resolved against the page",
			`<p>See <a href="../api/x.html">the API</a> and <a href="#top">top</a> and <a href="https://other.test/a b">o</a>.</p>`,
			"See [the API](https://example.test/api/x.html) and top and [o](https://other.test/a%20b)."},
		{"javascript links keep only their text",
			`<p><a href="javascript:void(0)">click</a></p>`,
			"click"},
		{"unordered and nested lists",
			"<ul><li>one</li><li>two<ul><li>two.a</li></ul></li></ul>",
			"- one\n- two\n  - two.a"},
		{"ordered list with start",
			`<ol start="3"><li>c</li><li>d</li></ol>`,
			"3. c\n4. d"},
		{"pre with language",
			"<pre><code class=\"language-go\">func f() {\n\treturn\n}</code></pre>",
			"```go\nfunc f() {\n\treturn\n}\n```"},
		{"pre holding a fence",
			"<pre>a\n```\nb</pre>",
			"````\na\n```\nb\n````"},
		{"inline code with a backtick",
			"<p>Run <code>a`b</code> now.</p>",
			"Run ``a`b`` now."},
		{"emphasis keeps spaces outside",
			"<p>a<strong> bold </strong>b <i>it</i></p>",
			"a **bold** b *it*"},
		{"table with header",
			"<table><caption>Sizes</caption><thead><tr><th>name</th><th>size</th></tr></thead><tbody><tr><td>a|b</td><td>1</td></tr><tr><td>c</td></tr></tbody></table>",
			"Sizes\n\n| name | size |\n| --- | --- |\n| a\\|b | 1 |\n| c |  |"},
		{"noise dropped",
			"<html><head><title>T</title><style>p{}</style></head><body><nav>menu</nav><script>var x=1</script><p>kept</p><footer>foot</footer><form><input value=q></form></body></html>",
			"kept"},
		{"main wins over the rest",
			"<body><div>chrome</div><main><p>content</p></main><div>more chrome</div></body>",
			"content"},
		{"blockquote",
			"<blockquote><p>a</p><p>b</p></blockquote>",
			"> a\n>\n> b"},
		{"br and hr",
			"<p>line1<br>line2</p><hr><p>after</p>",
			"line1\nline2\n\n---\n\nafter"},
		{"images, data URIs dropped to alt",
			`<p><img src="/i.png" alt="logo"> <img src="data:image/png;base64,AAAA" alt="inline"></p>`,
			"![logo](https://example.test/i.png) inline"},
		{"text around blocks becomes paragraphs",
			"<div>before<div>inside</div>after</div>",
			"before\n\ninside\n\nafter"},
		{"definition list",
			"<dl><dt>term</dt><dd>meaning</dd></dl>",
			"**term**\n\n: meaning"},
		{"entities decoded",
			"<p>a &amp; b &lt;c&gt;</p>",
			"a & b <c>"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := String(c.in, base).Markdown
			if want := c.want + "\n"; got != want {
				t.Errorf("got\n%q\nwant\n%q", got, want)
			}
		})
	}
}

func TestTitle(t *testing.T) {
	p := String("<title>  My\n page </title><p>x</p>", nil)
	if p.Title != "My page" {
		t.Errorf("title %q", p.Title)
	}
	if p.Markdown != "x\n" {
		t.Errorf("markdown %q", p.Markdown)
	}
}

func TestDeepNesting(t *testing.T) {
	src := strings.Repeat("<div>", 100000) + "deep" + strings.Repeat("</div>", 100000)
	p := String("<p>top</p>"+src, nil)
	if !strings.Contains(p.Markdown, "deep") {
		t.Errorf("the deep text was lost")
	}
	if !strings.HasPrefix(p.Markdown, "top") {
		t.Errorf("markdown starts %q", p.Markdown[:min(len(p.Markdown), 40)])
	}
}

func TestEmpty(t *testing.T) {
	if p := String("", nil); p.Markdown != "" || p.Title != "" {
		t.Errorf("got %+v", p)
	}
}

// FuzzConvert: any bytes convert without a panic, the same way twice; a
// document of plain text (no markup, no entities) keeps exactly its
// words.
func FuzzConvert(f *testing.F) {
	for _, s := range []string{
		"<h1>a</h1><p>b <a href='x'>c</a></p>",
		"<ul><li>a<ol><li>b</li></ol></li></ul>",
		"<table><tr><td>a<td>b<tr><th>c</table>",
		"<pre><code class='language-x'>```</code></pre>",
		"plain words only",
		"<blockquote><blockquote>x</blockquote></blockquote>",
	} {
		f.Add(s)
	}
	base, _ := url.Parse("http://h.test/a/")
	f.Fuzz(func(t *testing.T, src string) {
		a := String(src, base)
		b := String(src, base)
		if a != b {
			t.Fatalf("not deterministic")
		}
		if !utf8.ValidString(src) || strings.ContainsAny(src, "<&\x00\r") {
			return
		}
		if got, want := strings.Fields(a.Markdown), strings.Fields(src); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("plain text changed: %q -> %q", src, a.Markdown)
		}
	})
}
