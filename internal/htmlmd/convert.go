package htmlmd

import (
	"net/url"
	"strconv"
	"strings"

	"xnethtml/html"
	"xnethtml/html/atom"
)

// dropped are the elements whose whole subtree is left out: code and
// styling a reader never sees, and the chrome around a page's content
// (navigation, forms, footers, embedded frames and pictures).
var dropped = map[atom.Atom]bool{
	atom.Head: true, atom.Script: true, atom.Style: true, atom.Noscript: true,
	atom.Template: true, atom.Svg: true, atom.Math: true, atom.Canvas: true,
	atom.Iframe: true, atom.Object: true, atom.Embed: true, atom.Nav: true,
	atom.Footer: true, atom.Form: true, atom.Button: true, atom.Select: true,
	atom.Input: true, atom.Textarea: true, atom.Dialog: true, atom.Link: true,
	atom.Meta: true, atom.Audio: true, atom.Video: true, atom.Map: true,
}

// blockElems start a block of their own: the text before them ends a
// paragraph.
var blockElems = map[atom.Atom]bool{
	atom.Address: true, atom.Article: true, atom.Aside: true, atom.Blockquote: true,
	atom.Body: true, atom.Center: true, atom.Dd: true, atom.Details: true, atom.Div: true,
	atom.Dl: true, atom.Dt: true, atom.Fieldset: true, atom.Figcaption: true,
	atom.Figure: true, atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true,
	atom.H5: true, atom.H6: true, atom.Header: true, atom.Hr: true, atom.Html: true,
	atom.Legend: true, atom.Li: true, atom.Main: true, atom.Ol: true, atom.P: true,
	atom.Pre: true, atom.Section: true, atom.Summary: true, atom.Table: true,
	atom.Ul: true, atom.Caption: true, atom.Tr: true, atom.Td: true, atom.Th: true,
	atom.Tbody: true, atom.Thead: true, atom.Tfoot: true,
}

type converter struct {
	base *url.URL
}

// blocks converts the children of n into Markdown blocks: runs of
// inline content become paragraphs, block children their own blocks.
func (c *converter) blocks(n *html.Node, depth int) []string {
	if depth > maxDepth {
		return nil
	}
	var out []string
	var inl strings.Builder
	flush := func() {
		if s := cleanInline(inl.String()); s != "" {
			out = append(out, s)
		}
		inl.Reset()
	}
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		switch {
		case ch.Type == html.TextNode:
			inl.WriteString(spaces(ch.Data))
		case ch.Type != html.ElementNode || dropped[ch.DataAtom]:
		case blockElems[ch.DataAtom]:
			flush()
			out = append(out, c.block(ch, depth+1)...)
		default:
			inl.WriteString(c.inline(ch, depth+1))
		}
	}
	flush()
	return out
}

// block converts one block element.
func (c *converter) block(n *html.Node, depth int) []string {
	switch n.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		text := strings.ReplaceAll(cleanInline(c.inlineChildren(n, depth)), "\n", " ")
		if text == "" {
			return nil
		}
		level := int(n.Data[1] - '0')
		return []string{strings.Repeat("#", level) + " " + text}
	case atom.Hr:
		return []string{"---"}
	case atom.Pre:
		return []string{c.pre(n)}
	case atom.Ul, atom.Ol:
		if s := c.list(n, depth); s != "" {
			return []string{s}
		}
		return nil
	case atom.Blockquote:
		inner := strings.Join(c.blocks(n, depth), "\n\n")
		if inner == "" {
			return nil
		}
		return []string{prefixLines(inner, "> ", ">")}
	case atom.Table:
		return c.table(n, depth)
	case atom.Dt:
		if text := cleanInline(c.inlineChildren(n, depth)); text != "" {
			return []string{"**" + text + "**"}
		}
		return nil
	case atom.Dd:
		inner := strings.Join(c.blocks(n, depth), "\n")
		if inner == "" {
			return nil
		}
		return []string{prefixLines(inner, ": ", "")}
	}
	return c.blocks(n, depth)
}

// inline converts an element inside a paragraph.
func (c *converter) inline(n *html.Node, depth int) string {
	if depth > maxDepth || dropped[n.DataAtom] {
		return ""
	}
	switch n.DataAtom {
	case atom.Br:
		return "\n"
	case atom.A:
		text := strings.TrimSpace(c.inlineChildren(n, depth))
		href := strings.TrimSpace(attr(n, "href"))
		if text == "" || href == "" || strings.HasPrefix(href, "#") || strings.HasPrefix(strings.ToLower(href), "javascript:") {
			return text
		}
		return "[" + strings.ReplaceAll(text, "\n", " ") + "](" + c.resolve(href) + ")"
	case atom.Img:
		alt := collapse(attr(n, "alt"))
		src := strings.TrimSpace(attr(n, "src"))
		if src == "" || strings.HasPrefix(strings.ToLower(src), "data:") {
			return alt
		}
		return "![" + alt + "](" + c.resolve(src) + ")"
	case atom.Strong, atom.B:
		return wrap(c.inlineChildren(n, depth), "**")
	case atom.Em, atom.I:
		return wrap(c.inlineChildren(n, depth), "*")
	case atom.Del, atom.S, atom.Strike:
		return wrap(c.inlineChildren(n, depth), "~~")
	case atom.Code, atom.Kbd, atom.Samp, atom.Tt:
		return codeSpan(collapse(textOf(n)))
	}
	s := c.inlineChildren(n, depth)
	if blockElems[n.DataAtom] {
		// A block inside inline content (a <div> in a link): keep its
		// words apart from its neighbours'.
		s = " " + s + " "
	}
	return s
}

// inlineChildren converts n's children as inline content.
func (c *converter) inlineChildren(n *html.Node, depth int) string {
	var b strings.Builder
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		switch ch.Type {
		case html.TextNode:
			b.WriteString(spaces(ch.Data))
		case html.ElementNode:
			b.WriteString(c.inline(ch, depth+1))
		}
	}
	return b.String()
}

// pre is a fenced code block, with the language a class names
// ("language-go", "lang-go") on the <pre> or its <code>.
func (c *converter) pre(n *html.Node) string {
	text := strings.Trim(textOf(n), "\n")
	lang := language(n)
	if code := find(n, atom.Code, 0); lang == "" && code != nil {
		lang = language(code)
	}
	fence := "```"
	for strings.Contains(text, fence) {
		fence += "`"
	}
	return fence + lang + "\n" + text + "\n" + fence
}

func language(n *html.Node) string {
	for _, cls := range strings.Fields(attr(n, "class")) {
		for _, p := range []string{"language-", "lang-"} {
			if l, ok := strings.CutPrefix(cls, p); ok && l != "" && !strings.ContainsAny(l, "`\n") {
				return l
			}
		}
	}
	return ""
}

// list converts <ul> or <ol>: one line per item, continuation lines and
// nested lists indented under the item's text.
func (c *converter) list(n *html.Node, depth int) string {
	ordered := n.DataAtom == atom.Ol
	num := 1
	if s, err := strconv.Atoi(attr(n, "start")); err == nil && ordered && s >= 0 && s < 1e9 {
		num = s
	}
	var items []string
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		if ch.Type != html.ElementNode || dropped[ch.DataAtom] {
			continue
		}
		var body string
		switch ch.DataAtom {
		case atom.Li:
			body = strings.Join(c.blocks(ch, depth+1), "\n")
		case atom.Ul, atom.Ol:
			// A list directly in a list (invalid, common): nested under
			// the item before it.
			if sub := c.list(ch, depth+1); sub != "" && len(items) > 0 {
				items[len(items)-1] += "\n" + prefixLines(sub, "  ", "")
			}
			continue
		default:
			body = strings.Join(c.block(ch, depth+1), "\n")
		}
		if body == "" {
			continue
		}
		marker := "- "
		if ordered {
			marker = strconv.Itoa(num) + ". "
			num++
		}
		items = append(items, marker+prefixRest(body, strings.Repeat(" ", len(marker))))
	}
	return strings.Join(items, "\n")
}

// table converts a table to a Markdown table, its first row the header;
// a caption becomes a paragraph before it.
func (c *converter) table(n *html.Node, depth int) []string {
	var out []string
	var rows [][]string
	var walk func(n *html.Node, d int)
	walk = func(n *html.Node, d int) {
		if d > maxDepth {
			return
		}
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			if ch.Type != html.ElementNode {
				continue
			}
			switch ch.DataAtom {
			case atom.Caption:
				if s := cleanInline(c.inlineChildren(ch, d)); s != "" {
					out = append(out, s)
				}
			case atom.Thead, atom.Tbody, atom.Tfoot:
				walk(ch, d+1)
			case atom.Tr:
				var row []string
				for cell := ch.FirstChild; cell != nil; cell = cell.NextSibling {
					if cell.Type == html.ElementNode && (cell.DataAtom == atom.Td || cell.DataAtom == atom.Th) {
						s := strings.ReplaceAll(cleanInline(c.inlineChildren(cell, d+1)), "\n", " ")
						row = append(row, strings.ReplaceAll(s, "|", `\|`))
					}
				}
				if len(row) > 0 {
					rows = append(rows, row)
				}
			}
		}
	}
	walk(n, depth)
	if len(rows) == 0 {
		return out
	}
	cols := 0
	for _, r := range rows {
		cols = max(cols, len(r))
	}
	var b strings.Builder
	line := func(cells []string) {
		b.WriteString("|")
		for i := range cols {
			cell := ""
			if i < len(cells) {
				cell = cells[i]
			}
			b.WriteString(" " + cell + " |")
		}
	}
	line(rows[0])
	b.WriteString("\n|")
	for range cols {
		b.WriteString(" --- |")
	}
	for _, r := range rows[1:] {
		b.WriteString("\n")
		line(r)
	}
	return append(out, b.String())
}

// resolve makes a link absolute against the page's URL.
func (c *converter) resolve(ref string) string {
	u, err := url.Parse(ref)
	if err != nil {
		return escapeURL(ref)
	}
	if c.base != nil {
		u = c.base.ResolveReference(u)
	}
	return escapeURL(u.String())
}

// escapeURL keeps a URL from ending the Markdown link around it.
func escapeURL(s string) string {
	return strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29", "\n", "").Replace(s)
}

// spaces collapses white space in a text node to single spaces, keeping
// a space at either end where the text had one (it separates words
// from the neighbouring elements').
func spaces(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		if s == "" {
			return ""
		}
		return " "
	}
	out := strings.Join(f, " ")
	if isSpace(s[0]) {
		out = " " + out
	}
	if isSpace(s[len(s)-1]) {
		out += " "
	}
	return out
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' }

// cleanInline tidies a paragraph: spaces collapsed on each line (lines
// come from <br>), blank lines dropped.
func cleanInline(s string) string {
	lines := strings.Split(s, "\n")
	kept := lines[:0]
	for _, l := range lines {
		if l = collapse(l); l != "" {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, "\n")
}

// wrap puts a marker around inline text, outside its edge spaces
// ("** bold **" would not be bold).
func wrap(s, mark string) string {
	t := strings.TrimSpace(s)
	if t == "" {
		return s
	}
	lead, trail := "", ""
	if s[0] != t[0] {
		lead = " "
	}
	if s[len(s)-1] != t[len(t)-1] {
		trail = " "
	}
	return lead + mark + t + mark + trail
}

// codeSpan is inline code, fenced with more backticks than it holds in
// a row.
func codeSpan(s string) string {
	if s == "" {
		return ""
	}
	run, longest := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if s[0] == '`' || s[len(s)-1] == '`' {
		s = " " + s + " "
	}
	return fence + s + fence
}

// prefixLines puts prefix before every line (empty before blank ones).
func prefixLines(s, prefix, empty string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l == "" {
			lines[i] = empty
		} else {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "\n")
}

// prefixRest indents every line but the first.
func prefixRest(s, indent string) string {
	first, rest, ok := strings.Cut(s, "\n")
	if !ok {
		return s
	}
	return first + "\n" + prefixLines(rest, indent, "")
}
