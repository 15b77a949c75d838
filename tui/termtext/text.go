// Package termtext measures, cuts and wraps text the way a terminal shows
// it: grapheme clusters (a letter and its combining marks, an emoji ZWJ
// sequence) are one unit, East Asian wide characters take two columns,
// SGR style sequences take none and are carried across wrapped rows,
// other escape sequences and control characters are dropped. It is the
// one width authority behind panto.text and the component renderer.
package termtext

import "strings"

// Width returns the columns the widest line of s takes.
func Width(s string) int {
	widest, w := 0, 0
	for _, t := range tokenize(s) {
		if t.kind == tokNewline {
			widest, w = max(widest, w), 0
			continue
		}
		w += t.w
	}
	return max(widest, w)
}

// Ellipsis ends a truncated string.
const Ellipsis = "…"

// Truncate returns s cut to at most n columns, ending in an ellipsis when
// something was cut. Styles before the cut are kept and closed with a
// reset. A string that fits is returned unchanged.
func Truncate(s string, n int) string {
	if n < 0 {
		n = 0
	}
	toks := tokenize(s)
	total := 0
	for _, t := range toks {
		total += t.w
	}
	if total <= n && !strings.ContainsAny(s, "\n\r") {
		return s
	}
	room := n - 1 // keep a column for the ellipsis
	var b strings.Builder
	styled := false
	w := 0
	for _, t := range toks {
		if t.kind == tokNewline || w+t.w > room {
			break
		}
		if t.kind == tokSGR {
			b.WriteString("\x1b[" + t.s + "m")
			styled = true
			continue
		}
		b.WriteString(t.s)
		w += t.w
	}
	if n > 0 {
		b.WriteString(Ellipsis)
	}
	if styled {
		b.WriteString(Reset)
	}
	return b.String()
}

// Wrap breaks s into rows of at most n columns: at spaces where it can,
// inside a word only when the word is longer than a row. Each "\n" starts
// a new row, leading indentation is kept, spaces at a break are dropped.
// A row starts by re-opening the style in effect, and ends with a reset
// when a style is still open, so every row stands on its own. n < 1 counts as 1.
func Wrap(s string, n int) []string {
	var rows []string
	Layout(s, n, func(row Row) {
		text := row.Text
		if row.Open {
			text += Reset
		}
		rows = append(rows, text)
	})
	return rows
}

// Row is one laid-out row.
type Row struct {
	// Text starts with the style in effect at the row's start (if any),
	// then the row's text and style sequences; no trailing reset.
	Text string
	// Width is the row's columns.
	Width int
	// Open tells whether a style is still in effect at the row's end.
	Open bool
}

// Layout wraps s like Wrap and hands each row to emit; the renderer adds
// padding and its own reset.
func Layout(s string, n int, emit func(Row)) {
	if n < 1 {
		n = 1
	}
	l := layouter{n: n, emit: emit}
	l.run(tokenize(s))
}

// ClusterWidth returns the columns one grapheme cluster takes, by the
// same rules as Width: the editor lays out its text cluster by cluster
// and must agree with the renderer to the column.
func ClusterWidth(cluster string) int { return cond.StringWidth(cluster) }
