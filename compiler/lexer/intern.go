package lexer

import "unsafe"

// internTable maps the text of names and short strings to one shared copy.
// It is a small open-addressing hash table rather than a Go map because
// looking up identifiers is a large share of lexing, and a table that is
// keyed by a cheap inline hash and never deletes beats the general map
// here.
type internTable struct {
	slots []internSlot // length is a power of two
	n     int
	arena []byte // free room for copies; filled bytes are never changed
	chunk int    // size of the next arena chunk
}

type internSlot struct {
	h uint32
	s string
}

func hashString(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint32(s[i])) * 16777619
	}
	return h
}

// reset empties the table for a source of srcLen bytes.
func (t *internTable) reset(srcLen int) {
	// Arena chunks grow with the source, so that a one-line chunk does not
	// pay for a page of string storage.
	t.chunk = min(max(srcLen/8, 64), 4096)
	if len(t.slots) > 1<<12 {
		t.slots = nil // do not keep a huge table alive between sources
	} else {
		clear(t.slots)
	}
	t.n = 0
	t.arena = nil // the strings handed out keep their bytes alive
}

// clone copies s into the arena, so that the copies of one source share a
// few allocations instead of taking one each.
func (t *internTable) clone(s string) string {
	if len(s) > len(t.arena) {
		if len(s) > 256 {
			return string([]byte(s))
		}
		t.arena = make([]byte, max(t.chunk, len(s)))
	}
	b := t.arena[:len(s):len(s)]
	copy(b, s)
	t.arena = t.arena[len(s):]
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// get returns the shared copy of s, making one if s is new. s may point
// into the source or into a scratch buffer; the table keeps a clone.
func (t *internTable) get(s string) string {
	if s == "" {
		return ""
	}
	if t.n >= len(t.slots)/2 {
		t.grow()
	}
	h := hashString(s)
	mask := uint32(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		sl := &t.slots[i]
		if sl.s == "" {
			v := t.clone(s)
			sl.h, sl.s = h, v
			t.n++
			return v
		}
		if sl.h == h && sl.s == s {
			return sl.s
		}
	}
}

func (t *internTable) grow() {
	old := t.slots
	size := 2 * len(old)
	if size < 64 {
		size = 64
	}
	t.slots = make([]internSlot, size)
	mask := uint32(size - 1)
	for _, sl := range old {
		if sl.s == "" {
			continue
		}
		i := sl.h & mask
		for t.slots[i].s != "" {
			i = (i + 1) & mask
		}
		t.slots[i] = sl
	}
}
