package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"

	"panto/tui/termtext"
)

// Attribute sequences for inline emphasis.
const (
	sgrBold      = "\x1b[1m"
	sgrItalic    = "\x1b[3m"
	sgrUnderline = "\x1b[4m"
	sgrStrike    = "\x1b[9m"
)

// inliner builds the styled text of a block's inline content. Styles
// nest: closing one resets and re-opens the ones still open, so that
// "**bold *both* bold**" comes out right whatever the sequences are.
type inliner struct {
	c     *blockCtx
	b     strings.Builder
	stack []string
}

func (c *blockCtx) inline(n ast.Node) string {
	in := &inliner{c: c}
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		in.node(ch)
	}
	return strings.TrimRight(in.b.String(), " ")
}

func (in *inliner) push(seq string) {
	in.stack = append(in.stack, seq)
	in.b.WriteString(seq)
}

func (in *inliner) pop() {
	seq := in.stack[len(in.stack)-1]
	in.stack = in.stack[:len(in.stack)-1]
	if seq == "" {
		return
	}
	in.b.WriteString(termtext.Reset)
	for _, s := range in.stack {
		in.b.WriteString(s)
	}
}

// marker is the source's emphasis marker in plain mode, where no style
// can show the emphasis, and nothing otherwise.
func (in *inliner) marker(m string) string {
	if in.c.r.plain() {
		return m
	}
	return ""
}

func (in *inliner) styled(seq string, f func()) {
	in.push(seq)
	f()
	in.pop()
}

func (in *inliner) kids(n ast.Node) {
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		in.node(ch)
	}
}

func (in *inliner) node(n ast.Node) {
	c := in.c
	r := c.r
	switch n := n.(type) {
	case *ast.Text:
		in.b.Write(n.Value(c.src))
		switch {
		case n.HardLineBreak():
			in.b.WriteByte('\n')
		case n.SoftLineBreak():
			in.b.WriteByte(' ')
		}
	case *ast.String:
		in.b.Write(n.Value)
	case *ast.CodeSpan:
		mark := in.marker("`")
		in.styled(r.style(roleCode), func() {
			in.b.WriteString(mark)
			defer in.b.WriteString(mark)
			for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
				if t, ok := ch.(*ast.Text); ok {
					in.b.Write(t.Value(c.src))
				} else if s, ok := ch.(*ast.String); ok {
					in.b.Write(s.Value)
				}
			}
		})
	case *ast.Emphasis:
		seq, mark := sgrItalic, in.marker("*")
		if n.Level >= 2 {
			seq, mark = sgrBold, in.marker("**")
		}
		in.b.WriteString(mark)
		in.styled(r.attr(seq), func() { in.kids(n) })
		in.b.WriteString(mark)
	case *east.Strikethrough:
		mark := in.marker("~~")
		in.b.WriteString(mark)
		in.styled(r.attr(sgrStrike), func() { in.kids(n) })
		in.b.WriteString(mark)
	case *ast.Link:
		start := in.b.Len()
		in.styled(r.attr(sgrUnderline)+r.style(roleAccent), func() { in.kids(n) })
		label := plainText(in.b.String()[start:])
		if dest := string(n.Destination); dest != "" && dest != label {
			in.b.WriteString(" " + r.paint(roleMuted, "("+dest+")"))
		}
	case *ast.AutoLink:
		in.styled(r.attr(sgrUnderline)+r.style(roleAccent), func() { in.b.Write(n.URL(c.src)) })
	case *ast.Image:
		label := "[image]"
		if alt := plainText(c.inline(n)); alt != "" {
			label = "[image: " + alt + "]"
		}
		in.b.WriteString(label)
		if dest := string(n.Destination); dest != "" {
			in.b.WriteString(" " + r.paint(roleMuted, "("+dest+")"))
		}
	case *ast.RawHTML:
		var raw strings.Builder
		for i := 0; i < n.Segments.Len(); i++ {
			seg := n.Segments.At(i)
			raw.Write(seg.Value(c.src))
		}
		in.b.WriteString(r.paint(roleMuted, raw.String()))
	case *east.TaskCheckBox:
		if n.IsChecked {
			in.b.WriteString("☑ ")
		} else {
			in.b.WriteString("☐ ")
		}
	default:
		in.kids(n)
	}
}

// plainText drops SGR sequences: a link's visible text.
func plainText(s string) string {
	for {
		i := strings.Index(s, "\x1b[")
		if i < 0 {
			return s
		}
		j := strings.IndexByte(s[i:], 'm')
		if j < 0 {
			return s
		}
		s = s[:i] + s[i+j+1:]
	}
}
