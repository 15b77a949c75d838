package markdown

import (
	"strings"

	east "github.com/yuin/goldmark/extension/ast"

	"panto/tui/termtext"
)

// table renders a GFM table: columns as wide as their widest cell when
// they fit, else shrunk (the widest first) and their cells wrapped; the
// header bold, a rule under it, columns parted by a muted bar.
func (c *blockCtx) table(t *east.Table, width int) []string {
	var rows [][]string // cells' inline text
	header := 0
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		var cells []string
		for cell := row.FirstChild(); cell != nil; cell = cell.NextSibling() {
			cells = append(cells, c.inline(cell))
		}
		if _, ok := row.(*east.TableHeader); ok {
			header++
		}
		rows = append(rows, cells)
	}
	cols := len(t.Alignments)
	for _, r := range rows {
		cols = max(cols, len(r))
	}
	if cols == 0 {
		return nil
	}
	natural := make([]int, cols)
	for _, r := range rows {
		for i, cell := range r {
			natural[i] = max(natural[i], termtext.Width(cell), 1)
		}
	}
	sep := c.r.paint(roleMuted, " │ ")
	widths := fitColumns(natural, width-3*(cols-1))

	var out []string
	for ri, r := range rows {
		cellRows := make([][]string, cols)
		height := 1
		for i := 0; i < cols; i++ {
			text := ""
			if i < len(r) {
				text = r[i]
				if ri < header {
					text = c.r.attr(sgrBold) + text + c.r.attr(termtext.Reset)
				}
			}
			cellRows[i] = wrap(text, widths[i])
			height = max(height, len(cellRows[i]))
		}
		for line := 0; line < height; line++ {
			var b strings.Builder
			for i := 0; i < cols; i++ {
				if i > 0 {
					b.WriteString(sep)
				}
				cell := ""
				if line < len(cellRows[i]) {
					cell = cellRows[i][line]
				}
				b.WriteString(align(cell, widths[i], alignment(t, i)))
			}
			out = append(out, strings.TrimRight(b.String(), " "))
		}
		if ri == header-1 {
			var b strings.Builder
			for i, w := range widths {
				if i > 0 {
					b.WriteString("─┼─")
				}
				b.WriteString(strings.Repeat("─", w))
			}
			out = append(out, c.r.paint(roleMuted, b.String()))
		}
	}
	return out
}

func alignment(t *east.Table, i int) east.Alignment {
	if i < len(t.Alignments) {
		return t.Alignments[i]
	}
	return east.AlignNone
}

// align pads a cell to w columns.
func align(cell string, w int, a east.Alignment) string {
	gap := max(w-termtext.Width(cell), 0)
	switch a {
	case east.AlignRight:
		return strings.Repeat(" ", gap) + cell
	case east.AlignCenter:
		return strings.Repeat(" ", gap/2) + cell + strings.Repeat(" ", gap-gap/2)
	}
	return cell + strings.Repeat(" ", gap)
}

// fitColumns shares avail columns out: every column gets its natural
// width if all fit; otherwise the narrow ones keep theirs and the wide
// ones split what is left evenly (water filling), each at least 1.
func fitColumns(natural []int, avail int) []int {
	widths := append([]int(nil), natural...)
	total := 0
	for _, w := range natural {
		total += w
	}
	if total <= avail {
		return widths
	}
	avail = max(avail, len(natural))
	fixed := make([]bool, len(natural))
	for {
		left, open := avail, 0
		for i, w := range natural {
			if fixed[i] {
				left -= w
			} else {
				open++
			}
		}
		if open == 0 {
			return widths
		}
		share := max(left/open, 1)
		changed := false
		for i, w := range natural {
			if !fixed[i] && w <= share {
				fixed[i], changed = true, true
			}
		}
		if !changed {
			extra := left - share*open
			for i := range natural {
				if !fixed[i] {
					widths[i] = share
					if extra > 0 {
						widths[i]++
						extra--
					}
				}
			}
			return widths
		}
	}
}
