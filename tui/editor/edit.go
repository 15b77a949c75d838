package editor

import (
	"unicode"
	"unicode/utf8"

	"github.com/clipperhouse/uax29/v2/graphemes"
)

// editKind classifies edits so that a run of the same kind is one undo
// step.
type editKind uint8

const (
	editNone editKind = iota
	editType
	editTypeSpace
	editDeleteBack
	editDeleteForward
	editKill
	editOther
)

// maxUndo bounds the undo history.
const maxUndo = 256

// save records the state before an edit, unless the edit continues a run
// of the same kind (typing a word, holding Backspace).
func (e *Editor) save(kind editKind) {
	merge := kind == e.lastKind && (kind == editType || kind == editDeleteBack || kind == editDeleteForward)
	if kind == editType && e.lastKind == editTypeSpace {
		merge = true // "word " then more letters: the space ends a step, not starts one
	}
	e.lastKind = kind
	e.histIdx = -1 // an edit makes a recalled prompt the draft
	if merge {
		return
	}
	e.undo = append(e.undo, snapshot{e.text, e.pos})
	if len(e.undo) > maxUndo {
		e.undo = append(e.undo[:0], e.undo[len(e.undo)-maxUndo:]...)
	}
}

// Undo takes back the last edit.
func (e *Editor) Undo() {
	if len(e.undo) == 0 {
		return
	}
	s := e.undo[len(e.undo)-1]
	e.undo = e.undo[:len(e.undo)-1]
	e.text, e.pos = s.text, s.pos
	e.lastKind = editNone
	e.goal = -1
	e.changed()
}

func (e *Editor) insert(s string) {
	e.text = e.text[:e.pos] + s + e.text[e.pos:]
	e.pos += len(s)
	e.goal = -1
	e.changed()
}

// deleteRange removes text[from:to]; kill puts it in the kill buffer
// (consecutive kills add up, as in readline).
func (e *Editor) deleteRange(from, to int, kind editKind, kill bool) {
	if from >= to {
		return
	}
	cut := e.text[from:to]
	if kill {
		switch {
		case e.lastKind == editKill && from == e.pos && to > e.pos:
			e.kill += cut // killing forward again
		case e.lastKind == editKill:
			e.kill = cut + e.kill
		default:
			e.kill = cut
		}
	}
	e.save(kind)
	e.text = e.text[:from] + e.text[to:]
	e.pos = from
	e.goal = -1
	e.changed()
}

// Cluster and word boundaries. Offsets are bytes; every function returns
// a cluster boundary.

func nextCluster(s string, pos int) int {
	if pos >= len(s) {
		return len(s)
	}
	g := graphemes.FromString(s[pos:])
	if g.Next() {
		return pos + g.End()
	}
	return len(s)
}

// prevCluster scans the line from its start: clusters cannot be found
// backwards reliably.
func prevCluster(s string, pos int) int {
	if pos <= 0 {
		return 0
	}
	start := lineStart(s, pos)
	if start == pos {
		return pos - 1 // the newline before
	}
	g := graphemes.FromString(s[start:pos])
	last := 0
	for g.Next() {
		last = g.Start()
	}
	return start + last
}

func isWord(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }

// wordStart is where Alt-B goes: back over non-word characters, then over
// a word.
func wordStart(s string, pos int) int {
	for pos > 0 {
		r, n := utf8.DecodeLastRuneInString(s[:pos])
		if isWord(r) {
			break
		}
		pos -= n
	}
	for pos > 0 {
		r, n := utf8.DecodeLastRuneInString(s[:pos])
		if !isWord(r) {
			break
		}
		pos -= n
	}
	return clusterFloor(s, pos)
}

// wordEnd is where Alt-F goes: over non-word characters, then a word.
func wordEnd(s string, pos int) int {
	for pos < len(s) {
		r, n := utf8.DecodeRuneInString(s[pos:])
		if isWord(r) {
			break
		}
		pos += n
	}
	for pos < len(s) {
		r, n := utf8.DecodeRuneInString(s[pos:])
		if !isWord(r) {
			break
		}
		pos += n
	}
	return clusterCeil(s, pos)
}

// spaceWordStart is where Ctrl-W deletes back to: over spaces, then over
// everything that is not a space (readline's unix-word-rubout).
func spaceWordStart(s string, pos int) int {
	for pos > 0 {
		r, n := utf8.DecodeLastRuneInString(s[:pos])
		if !unicode.IsSpace(r) {
			break
		}
		pos -= n
	}
	for pos > 0 {
		r, n := utf8.DecodeLastRuneInString(s[:pos])
		if unicode.IsSpace(r) {
			break
		}
		pos -= n
	}
	return clusterFloor(s, pos)
}

func lineStart(s string, pos int) int {
	for pos > 0 && s[pos-1] != '\n' {
		pos--
	}
	return pos
}

func lineEnd(s string, pos int) int {
	for pos < len(s) && s[pos] != '\n' {
		pos++
	}
	return pos
}

// clusterFloor and clusterCeil move an offset onto a cluster boundary
// (a word scan by runes can stop inside a cluster: a letter and its
// combining mark).
func clusterFloor(s string, pos int) int {
	start := lineStart(s, pos)
	g := graphemes.FromString(s[start:lineEnd(s, pos)])
	b := start
	for g.Next() {
		if start+g.End() > pos {
			break
		}
		b = start + g.End()
	}
	return b
}

func clusterCeil(s string, pos int) int {
	start := lineStart(s, pos)
	g := graphemes.FromString(s[start:lineEnd(s, pos)])
	for g.Next() {
		if start+g.End() >= pos {
			if start+g.Start() == pos {
				return pos
			}
			return start + g.End()
		}
	}
	return pos
}
