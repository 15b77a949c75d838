// Package markdown renders an assistant's markdown to terminal rows:
// goldmark parses it (CommonMark with the GitHub extensions: tables,
// strikethrough, task lists, bare links), and each block is laid out to
// the width with termtext, styled from a theme, code highlighted by
// tui/highlight.
//
// Rows are what render.Rows makes: exactly the width, ending in a reset
// when they carry a style. With a nil theme (NO_COLOR, TERM=dumb) the
// rows carry no escape sequence at all.
//
// Streaming: a Message re-renders as text arrives. It parses the whole
// text each time (cheap: goldmark is linear) but re-renders only the
// top-level blocks whose source changed, which while streaming is the
// last one; every block before it is settled, and the screen may commit
// those rows to scrollback early (screen.Settler).
package markdown

import (
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"panto/tui/highlight"
	"panto/tui/termtext"
	"panto/tui/theme"
)

// Roles the renderer uses, all of them roles every theme has:
//
//	heading   headings
//	constant  code spans
//	accent    link text, list bullets
//	muted     link URLs, block quote bars, code fences, table rules,
//	          thematic breaks, raw HTML
//
// plus the highlighter's roles inside fenced code. Emphasis, strong and
// strikethrough are the italic, bold and strike attributes.
const (
	roleHeading = "heading"
	roleCode    = "constant"
	roleAccent  = "accent"
	roleMuted   = "muted"
)

// Renderer holds what rendering needs: the parser and the styles.
type Renderer struct {
	// md is made by the first parse: goldmark with GFM builds its parsers
	// and linkify's tables, which the interactive session's first prompt
	// does not need (docs/benchmarks.md, "The session's start").
	mdOnce sync.Once
	md     goldmark.Markdown
	theme  *theme.Theme
}

// New returns a renderer styled by t; nil renders plain text.
func New(t *theme.Theme) *Renderer {
	return &Renderer{theme: t}
}

// Render renders a whole document at width.
func (r *Renderer) Render(src string, width int) []string {
	m := r.NewMessage()
	m.SetText(src)
	m.Close()
	return m.Render(width)
}

// style returns the SGR sequence of a role ("" in plain mode).
func (r *Renderer) style(role string) string {
	if r.theme == nil {
		return ""
	}
	return r.theme.Styles[role]
}

// attr returns an attribute's sequence, or "" in plain mode.
func (r *Renderer) attr(seq string) string {
	if r.theme == nil {
		return ""
	}
	return seq
}

func (r *Renderer) plain() bool { return r.theme == nil }

// paint wraps text in a role's style.
func (r *Renderer) paint(role, s string) string {
	sgr := r.style(role)
	if sgr == "" || s == "" {
		return s
	}
	return sgr + s + termtext.Reset
}

func (r *Renderer) highlightStyle(role string) string { return r.style(role) }

func (r *Renderer) highlight(code, lang string) string {
	if r.plain() || lang == "" {
		return code
	}
	return highlight.Highlight(code, lang, r.highlightStyle)
}

func (r *Renderer) parse(src []byte) ast.Node {
	r.mdOnce.Do(func() { r.md = goldmark.New(goldmark.WithExtensions(extension.GFM)) })
	return r.md.Parser().Parse(text.NewReader(src))
}

// wrap lays s out at width and returns the rows, each closed with a reset
// when a style is open at its end.
func wrap(s string, width int) []string {
	var rows []string
	termtext.Layout(s, max(width, 1), func(row termtext.Row) {
		t := row.Text
		if row.Open {
			t += termtext.Reset
		}
		rows = append(rows, t)
	})
	return rows
}

// finish pads a row to width and ends a styled row with a reset.
func finish(row string, width int) string {
	w := termtext.Width(row)
	if w > width {
		row = termtext.Truncate(row, width)
		w = termtext.Width(row)
	}
	pad := strings.Repeat(" ", max(width-w, 0))
	if strings.IndexByte(row, '\x1b') >= 0 {
		return row + pad + termtext.Reset
	}
	return row + pad
}
