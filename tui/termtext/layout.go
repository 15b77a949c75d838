package termtext

import "strings"

// layouter is the greedy word-wrapping state machine behind Layout.
type layouter struct {
	n    int
	emit func(Row)

	style Style // the style after everything emitted so far
	row   strings.Builder
	width int
	// pending holds spaces (and style changes between them) seen after
	// the last word: they are written only if the next word fits on the
	// same row, and dropped at a break.
	pending []token
	// lineStart is true while the current row is the first of its
	// logical line and holds nothing but indentation.
	lineStart bool
}

func (l *layouter) run(toks []token) {
	l.startRow()
	l.lineStart = true
	for i := 0; i < len(toks); {
		switch toks[i].kind {
		case tokNewline:
			l.flushPending()
			l.endRow()
			l.startRow()
			l.lineStart = true
			i++
		case tokSpace:
			if l.lineStart && len(l.pending) == 0 {
				// indentation at the start of a line is kept
				l.put(toks[i])
				i++
				continue
			}
			l.pending = append(l.pending, toks[i])
			i++
		case tokSGR:
			l.pending = append(l.pending, toks[i])
			i++
		default:
			j, w := wordEnd(toks, i)
			l.placeWord(toks[i:j], w)
			i = j
		}
	}
	l.flushPending()
	l.endRow()
}

// wordEnd returns the end of the word starting at i (clusters and the
// style sequences inside it) and its width.
func wordEnd(toks []token, i int) (int, int) {
	w := 0
	j := i
	for ; j < len(toks); j++ {
		k := toks[j].kind
		if k == tokSpace || k == tokNewline {
			break
		}
		w += toks[j].w
	}
	// trailing style sequences belong to what follows, not to the word
	for j > i && toks[j-1].kind == tokSGR {
		j--
	}
	return j, w
}

func (l *layouter) placeWord(word []token, w int) {
	spaces := 0
	for _, t := range l.pending {
		spaces += t.w
	}
	switch {
	case l.width+spaces+w <= l.n:
		l.flushPending()
	case w <= l.n:
		l.breakRow()
	default: // longer than a row: fill this row, then cut it cluster by cluster
		if l.width+spaces < l.n && l.width > 0 {
			l.flushPending()
		} else if l.width > 0 {
			l.breakRow()
		} else {
			l.flushPending()
		}
	}
	for _, t := range word {
		if t.kind == tokText && l.width+t.w > l.n && l.width > 0 {
			l.endRow()
			l.startRow()
		}
		if t.kind == tokText && t.w > l.n { // a wide cluster in a one-column row
			t = token{kind: tokText, s: Ellipsis, w: 1}
		}
		l.put(t)
	}
}

// breakRow ends the row at a word boundary: pending spaces are dropped,
// their style changes are kept (they take no room).
func (l *layouter) breakRow() {
	for _, t := range l.pending {
		if t.kind == tokSGR {
			l.put(t)
		}
	}
	l.pending = l.pending[:0]
	l.endRow()
	l.startRow()
}

func (l *layouter) flushPending() {
	for _, t := range l.pending {
		if t.kind == tokSpace && l.width+t.w > l.n {
			continue
		}
		l.put(t)
	}
	l.pending = l.pending[:0]
}

func (l *layouter) put(t token) {
	if t.kind == tokSGR {
		l.style.Apply(t.s)
		l.row.WriteString("\x1b[")
		l.row.WriteString(t.s)
		l.row.WriteByte('m')
		return
	}
	if l.width+t.w > l.n && t.kind == tokSpace { // indentation wider than the row
		return
	}
	if t.kind != tokSpace {
		l.lineStart = false
	}
	l.row.WriteString(t.s)
	l.width += t.w
}

func (l *layouter) startRow() {
	l.row.Reset()
	l.width = 0
	if seq := l.style.Sequence(); seq != "" {
		l.row.WriteString(seq)
	}
}

func (l *layouter) endRow() {
	l.emit(Row{Text: l.row.String(), Width: l.width, Open: !l.style.IsDefault()})
}
