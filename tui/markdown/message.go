package markdown

import (
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// Message is a markdown text that grows while it streams: a screen block
// (Render, Version, Settled).
//
// Streaming costs what the last top-level block costs, not what the
// message does: the blocks before the last are settled (more text cannot
// change them), so their rows are kept and only the text from the start
// of the last block is parsed again. Its rendering is cached by its
// source, so an unchanged block is not rendered twice. A new width, and
// Close, parse and render the whole text once more. (One thing a settled
// block does not see is a link reference definition that arrives after
// it; Close renders the whole text and picks it up.)
type Message struct {
	r       *Renderer
	buf     strings.Builder
	src     string // buf's contents
	closed  bool
	version uint64

	// settled blocks, at width
	width     int
	settled   []string // their rows, with the blank rows between them
	nSettled  int      // how many blocks they are
	tail      int      // where the unsettled text starts in src
	wasClosed bool     // settled was built for a closed message
	cache     map[string][]string
	rows      []string
	rowsOf    uint64 // the version rows were rendered at
	lastFrom  int    // where the last block's rows start in rows
	rendered  int    // blocks rendered (not from the cache), for tests
}

// NewMessage returns an empty message.
func (r *Renderer) NewMessage() *Message {
	return &Message{r: r, cache: map[string][]string{}}
}

// Append adds streamed text.
func (m *Message) Append(delta string) {
	if delta == "" {
		return
	}
	m.buf.WriteString(delta) // amortized: a message grows to many kilobytes
	m.src = m.buf.String()
	m.version++
}

// SetText replaces the text.
func (m *Message) SetText(s string) {
	if s == m.src {
		return
	}
	if !strings.HasPrefix(s, m.src) {
		m.resetSettled() // not a continuation: settle again from the start
	}
	m.buf.Reset()
	m.buf.WriteString(s)
	m.src = m.buf.String()
	m.version++
}

// Text returns the text so far.
func (m *Message) Text() string { return m.src }

// Close says the text is complete: the last block is then rendered as a
// finished one (an unclosed code fence highlighted whole).
func (m *Message) Close() {
	if !m.closed {
		m.closed = true
		m.version++
	}
}

// Version changes whenever the text does.
func (m *Message) Version() uint64 { return m.version }

// Settled returns how many rows at width will not change however the text
// goes on: every top-level block but the last, and the blank row after
// each.
func (m *Message) Settled(width int) int {
	m.Render(width)
	if m.closed {
		return len(m.rows)
	}
	return m.lastFrom
}

func (m *Message) resetSettled() {
	m.settled, m.nSettled, m.tail = nil, 0, 0
}

// Render returns the rows at width. The slice is reused by the next
// Render: a caller that keeps rows across renders copies them.
func (m *Message) Render(width int) []string {
	width = max(width, 1)
	if m.rows != nil && m.width == width && m.rowsOf == m.version {
		return m.rows
	}
	if width != m.width || m.closed != m.wasClosed {
		m.resetSettled()
		m.width, m.wasClosed = width, m.closed
	}
	tailSrc := []byte(m.src[m.tail:])
	doc := m.r.parse(tailSrc)
	var blocks []ast.Node
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		blocks = append(blocks, n)
	}
	bounds := boundaries(blocks, tailSrc)

	used := make(map[string][]string, len(blocks))
	sep := strings.Repeat(" ", width)
	// The settled rows are the start of the rows buffer: appending the
	// rest after them reuses it, so a delta does not copy every row.
	rows := m.settled
	lastFrom := len(rows)
	settleTo := -1 // blocks before this index settle now
	if !m.closed && len(blocks) >= 2 && bounds[len(blocks)-1] > 0 {
		settleTo = len(blocks) - 1
	}
	for i, n := range blocks {
		streaming := i == len(blocks)-1 && !m.closed
		if m.nSettled+i > 0 {
			rows = append(rows, sep)
		}
		lastFrom = len(rows)
		br, key := m.renderBlock(n, i, blocks, bounds, tailSrc, width, streaming)
		if key != "" {
			used[key] = br
		}
		rows = append(rows, br...)
		if i+1 == settleTo {
			m.settled = rows
		}
	}
	if settleTo > 0 {
		m.nSettled += settleTo
		m.tail += bounds[settleTo]
	}
	m.cache = used
	if rows == nil {
		rows = []string{}
	}
	m.rows, m.rowsOf, m.lastFrom = rows, m.version, lastFrom
	return m.rows
}

// renderBlock renders block i, or takes its rows from the cache.
func (m *Message) renderBlock(n ast.Node, i int, blocks []ast.Node, bounds []int, src []byte, width int, streaming bool) ([]string, string) {
	key := ""
	if bounds[i] >= 0 {
		end := len(src)
		for j := i + 1; j < len(blocks); j++ {
			if bounds[j] >= 0 {
				end = bounds[j]
				break
			}
		}
		key = blockKey(n, width, streaming, string(src[bounds[i]:end]))
		if br, ok := m.cache[key]; ok {
			return br, key
		}
	}
	m.rendered++
	c := &blockCtx{r: m.r, src: src, streaming: streaming}
	br := []string{}
	for _, line := range c.block(n, width) {
		br = append(br, finish(line, width))
	}
	return br, key
}

// blockKey identifies a block's rendering: what it is, its source, the
// width, and whether it is still streaming.
func blockKey(n ast.Node, width int, streaming bool, src string) string {
	attrs := ""
	switch n := n.(type) {
	case *ast.Heading:
		attrs = fmt.Sprint(n.Level)
	case *ast.List:
		attrs = fmt.Sprint(n.Start, n.IsTight, n.Marker)
	}
	return fmt.Sprintf("%s/%s/%d/%v\x00%s", n.Kind(), attrs, width, streaming, src)
}

// boundaries finds where each top-level block's source starts: the start
// of the line holding its first text (the fence line for a fenced code
// block), or -1 when it has no text (a thematic break), and such a block
// is rendered afresh each time rather than cached.
func boundaries(blocks []ast.Node, src []byte) []int {
	out := make([]int, len(blocks))
	prev := 0
	for i, n := range blocks {
		off := firstOffset(n)
		if f, ok := n.(*ast.FencedCodeBlock); ok {
			switch {
			case f.Info != nil:
				off = f.Info.Segment.Start
			case off >= 0:
				off = lineStartOf(src, off) - 1 // the fence line above the first code line
			}
		}
		if off < 0 {
			out[i] = -1
			continue
		}
		b := max(lineStartOf(src, min(off, len(src))), prev)
		out[i], prev = b, b
	}
	return out
}

// firstOffset is the smallest source offset of any text in n, or -1.
func firstOffset(n ast.Node) int {
	best := -1
	take := func(o int) {
		if best < 0 || o < best {
			best = o
		}
	}
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if t, ok := c.(*ast.Text); ok {
			take(t.Segment.Start)
		}
		if c.Type() == ast.TypeBlock {
			if l := c.Lines(); l != nil && l.Len() > 0 {
				take(l.At(0).Start)
			}
		}
		return ast.WalkContinue, nil
	})
	return best
}

func lineStartOf(src []byte, off int) int {
	off = max(off, 0)
	for off > 0 && src[off-1] != '\n' {
		off--
	}
	return off
}
