package markdown

import (
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"

	"panto/tui/termtext"
)

// block renders one block node to lines of at most width columns (not
// padded; a line with a style open ends with a reset).
type blockCtx struct {
	r   *Renderer
	src []byte
	// streaming: this block is the last of a message still arriving (an
	// unclosed code fence is highlighted in pieces, see codeLines).
	streaming bool
	listDepth int
}

func (c *blockCtx) block(n ast.Node, width int) []string {
	width = max(width, 1)
	switch n := n.(type) {
	case *ast.Heading:
		return c.heading(n, width)
	case *ast.Paragraph, *ast.TextBlock:
		return wrap(c.inline(n), width)
	case *ast.ThematicBreak:
		return []string{c.r.paint(roleMuted, strings.Repeat("─", width))}
	case *ast.FencedCodeBlock:
		lang := string(n.Language(c.src))
		return c.code(n, lang, width, true)
	case *ast.CodeBlock:
		return c.code(n, "", width, false)
	case *ast.Blockquote:
		return c.quote(n, width)
	case *ast.List:
		return c.list(n, width)
	case *east.Table:
		return c.table(n, width)
	case *ast.HTMLBlock:
		var b strings.Builder
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			b.Write(seg.Value(c.src))
		}
		return wrap(c.r.paint(roleMuted, strings.TrimRight(b.String(), "\n")), width)
	}
	return c.children(n, width, true)
}

// children renders the blocks inside a container, with a blank line
// between them when loose.
func (c *blockCtx) children(n ast.Node, width int, loose bool) []string {
	var out []string
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		if len(out) > 0 && loose {
			out = append(out, "")
		}
		out = append(out, c.block(ch, width)...)
	}
	return out
}

func (c *blockCtx) heading(n *ast.Heading, width int) []string {
	s := c.inline(n)
	if c.r.plain() {
		return wrap(strings.Repeat("#", n.Level)+" "+s, width)
	}
	sgr := c.r.style(roleHeading)
	if n.Level == 1 {
		sgr += "\x1b[4m"
	}
	return wrap(sgr+s+termtext.Reset, width)
}

// code renders a code block: the lines highlighted, between muted fences
// for a fenced block (so that a copy from the scrollback is markdown
// again), indented for an indented one.
func (c *blockCtx) code(n ast.Node, lang string, width int, fenced bool) []string {
	var b strings.Builder
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		b.Write(seg.Value(c.src))
	}
	body := strings.TrimSuffix(b.String(), "\n")
	var out []string
	if fenced {
		out = append(out, c.r.paint(roleMuted, "```"+lang))
	}
	indent := ""
	if !fenced {
		indent = "    "
	}
	for _, line := range strings.Split(c.highlighted(body, lang), "\n") {
		out = append(out, wrap(indent+line, width)...)
	}
	if fenced {
		out = append(out, c.r.paint(roleMuted, "```"))
	}
	return out
}

// pieceLines is the size of the pieces an unfinished code block is
// highlighted in while it streams: each delta then lexes at most one
// piece (the others come from the highlighter's cache), where the whole
// block would cost more with every line. A construct that spans two
// pieces (a long string) may be coloured wrongly until the block is
// finished; then it is highlighted whole.
const pieceLines = 40

func (c *blockCtx) highlighted(body, lang string) string {
	if !c.streaming || strings.Count(body, "\n") < pieceLines {
		return c.r.highlight(body, lang)
	}
	lines := strings.SplitAfter(body, "\n")
	var b strings.Builder
	for i := 0; i < len(lines); i += pieceLines {
		piece := strings.Join(lines[i:min(i+pieceLines, len(lines))], "")
		b.WriteString(c.r.highlight(piece, lang))
	}
	return b.String()
}

func (c *blockCtx) quote(n *ast.Blockquote, width int) []string {
	bar := c.r.paint(roleMuted, "│") + " "
	inner := c.children(n, width-2, true)
	for i, l := range inner {
		inner[i] = bar + l
	}
	return inner
}

var bullets = []string{"•", "◦", "▪"}

func (c *blockCtx) list(n *ast.List, width int) []string {
	ordered := n.IsOrdered()
	// ordered markers share the width of the widest number
	count := 0
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		count++
	}
	numW := len(strconv.Itoa(n.Start + count - 1))
	c.listDepth++
	defer func() { c.listDepth-- }()
	var out []string
	i := 0
	for item := n.FirstChild(); item != nil; item = item.NextSibling() {
		if i > 0 && !n.IsTight {
			out = append(out, "")
		}
		var marker string
		if ordered {
			num := strconv.Itoa(n.Start + i)
			marker = strings.Repeat(" ", numW-len(num)) + num + string(n.Marker) + " "
		} else {
			marker = bullets[(c.listDepth-1)%len(bullets)] + " "
		}
		mw := termtext.Width(marker)
		body := c.children(item, width-mw, !n.IsTight)
		if len(body) == 0 {
			body = []string{""}
		}
		pad := strings.Repeat(" ", mw)
		for j, l := range body {
			if j == 0 {
				out = append(out, c.r.paint(roleAccent, marker[:len(marker)-1])+" "+l)
			} else if l == "" {
				out = append(out, "")
			} else {
				out = append(out, pad+l)
			}
		}
		i++
	}
	return out
}
