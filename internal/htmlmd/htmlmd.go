// Package htmlmd turns an HTML page into Markdown for a model to read:
// the web_fetch tool's converter. It keeps what carries meaning in text
// (headings, paragraphs, links, lists, code, quotes, tables, emphasis)
// and drops what a reader of the page never sees or skips (scripts,
// styles, navigation bars, forms, footers).
//
// The page is parsed with golang.org/x/net/html (linked as xnethtml,
// third_party's copy that builds its entity table on first use rather
// than in every process's init), the HTML5 parsing algorithm browsers
// use, so broken markup ends as the tree a browser would build. The converter walks that tree: block elements become
// Markdown blocks separated by blank lines; the text between them is
// collapsed the way a browser collapses white space, except inside
// <pre>. When the page has a <main> element (or else exactly one
// <article>), only that is converted: the rest of such a page is
// chrome.
package htmlmd

import (
	"bytes"
	"net/url"
	"strings"

	"xnethtml/html"
	"xnethtml/html/atom"
)

// maxDepth bounds the element nesting the converter follows: deeper
// subtrees are dropped rather than recursed into, so a crafted page of
// a million nested <div>s costs no more than a flat one.
const maxDepth = 256

// Page is a converted page.
type Page struct {
	// Title is the text of <title> ("" when there is none).
	Title string
	// Markdown is the page's content.
	Markdown string
}

// Convert converts an HTML document. Relative links and image sources
// are resolved against base when it is not nil. Any input converts: the
// HTML parser accepts every byte sequence, except a page that nests
// elements deeper than it follows (512), whose text is then kept
// without its structure (see plainText).
func Convert(src []byte, base *url.URL) Page {
	doc, err := html.Parse(bytes.NewReader(src))
	if err != nil {
		return plainText(src)
	}
	c := &converter{base: base}
	p := Page{Title: collapse(textOf(find(doc, atom.Title, 0)))}
	root := contentRoot(doc)
	p.Markdown = strings.TrimSpace(strings.Join(c.blocks(root, 0), "\n\n"))
	if p.Markdown != "" {
		p.Markdown += "\n"
	}
	return p
}

// String converts HTML given as a string.
func String(src string, base *url.URL) Page { return Convert([]byte(src), base) }

// plainText is the text of a page the parser refused: its text tokens
// outside dropped elements, a blank line at every block element's edge.
func plainText(src []byte) Page {
	z := html.NewTokenizer(bytes.NewReader(src))
	var b strings.Builder
	var p Page
	skip := 0 // inside a dropped element
	inTitle := false
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			var paras []string
			for _, para := range strings.Split(b.String(), "\n\n") {
				if s := collapse(para); s != "" {
					paras = append(paras, s)
				}
			}
			if len(paras) > 0 {
				p.Markdown = strings.Join(paras, "\n\n") + "\n"
			}
			return p
		case html.TextToken:
			switch {
			case inTitle:
				p.Title = collapse(p.Title + " " + string(z.Text()))
			case skip == 0:
				b.Write(z.Text())
			}
		case html.StartTagToken, html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			start := tt == html.StartTagToken
			switch {
			case a == atom.Title:
				inTitle = start
			case dropped[a] && a != atom.Link && a != atom.Meta && a != atom.Input:
				if start {
					skip++
				} else if skip > 0 {
					skip--
				}
			case blockElems[a] || a == atom.Br:
				b.WriteString("\n\n")
			}
		}
	}
}

// contentRoot is the part of the page worth converting: <main>, else
// the only <article>, else <body>, else the document.
func contentRoot(doc *html.Node) *html.Node {
	if m := find(doc, atom.Main, 0); m != nil {
		return m
	}
	var arts []*html.Node
	collect(doc, atom.Article, 0, &arts)
	if len(arts) == 1 {
		return arts[0]
	}
	if b := find(doc, atom.Body, 0); b != nil {
		return b
	}
	return doc
}

// find is the first element a below n, depth-first.
func find(n *html.Node, a atom.Atom, depth int) *html.Node {
	if n == nil || depth > maxDepth {
		return nil
	}
	if n.Type == html.ElementNode && n.DataAtom == a {
		return n
	}
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		if f := find(ch, a, depth+1); f != nil {
			return f
		}
	}
	return nil
}

func collect(n *html.Node, a atom.Atom, depth int, out *[]*html.Node) {
	if depth > maxDepth || len(*out) > 1 {
		return
	}
	if n.Type == html.ElementNode && n.DataAtom == a {
		*out = append(*out, n)
		return
	}
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		collect(ch, a, depth+1, out)
	}
}

// textOf is the raw text below n (no element turned into Markdown).
func textOf(n *html.Node) string {
	if n == nil {
		return ""
	}
	var b strings.Builder
	var walk func(n *html.Node, depth int)
	walk = func(n *html.Node, depth int) {
		if depth > maxDepth {
			return
		}
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		if n.Type == html.ElementNode && dropped[n.DataAtom] {
			return
		}
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			walk(ch, depth+1)
		}
	}
	walk(n, 0)
	return b.String()
}

// collapse folds runs of white space into one space and trims the ends,
// as a browser shows text outside <pre>.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// attr is the value of n's attribute key.
func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}
