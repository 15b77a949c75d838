package store

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
)

// OpenActive is Open for a resume: it reads the session file from its
// end back only as far as the current branch needs, to the latest
// compaction summary's first kept entry (the whole branch when it has
// none), so that resuming a long session costs what its model sees
// rather than its history. The returned Session holds those entries
// only; its ActiveBranch counts the skipped messages from the latest
// listing summary. The rest of the file is only scanned for the ids in
// use. A file whose tail does not read cleanly, or that has system
// messages (they would be skipped), is parsed whole as Open does.
func (s *FileStore) OpenActive(id string) (*Writer, *Session, error) {
	path, err := s.path(id)
	if err != nil {
		return nil, nil, err
	}
	return s.OpenActivePath(path)
}

// OpenActivePath is OpenActive for the file at path, as Latest's Info
// or --session PATH names it: --continue opens the newest session this
// way without listing the folder again, and still reads only the tail.
func (s *FileStore) OpenActivePath(path string) (*Writer, *Session, error) {
	if err := regular(path); err != nil {
		return nil, nil, err
	}
	sess, ids, ok := loadTail(path)
	if !ok {
		return s.OpenPath(path)
	}
	w, err := openAppend(path, sess)
	if err != nil {
		return nil, nil, err
	}
	for _, n := range ids {
		if w.ids == nil {
			w.ids = idSet{}
		}
		w.ids[n] = struct{}{}
	}
	return w, sess, nil
}

// loadTail reads the entries the current branch needs from the end of
// the file, and the ids used before them. ok is false when the whole
// file must be parsed instead.
func loadTail(path string) (sess *Session, ids []uint32, ok bool) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, false
	}
	h, err := readHeader(f)
	if err != nil {
		return nil, nil, false
	}
	var (
		tail     []*Entry // from the end
		consumed int64
		leaf     string
		leafSet  bool
		want     string // the next branch entry to find
		stop     string // the first kept entry of the latest summary
		done     bool
		bad      bool
	)
	err = reverseLines(f, fi.Size(), func(line []byte) bool {
		consumed += int64(len(line)) + 1
		if bytes.HasPrefix(line, []byte(`{"type":"session"`)) {
			return false // the header: the whole file was read
		}
		e, err := Unmarshal(bytes.TrimRight(line, "\r"))
		if err != nil {
			bad = true
			return false
		}
		tail = append(tail, e)
		if !leafSet && (e.InTree() || e.Type == TypePantoLeaf) {
			leafSet = true
			leaf = e.ID
			if e.Type == TypePantoLeaf {
				leaf = e.TargetID
			}
			want = leaf
			if want == "" {
				done = true
				return false
			}
		}
		if !leafSet || e.ID != want || !e.InTree() {
			return true
		}
		if stop == "" && e.Type == TypeCompaction {
			if e.FirstKept == "" {
				done = true
				return false
			}
			stop = e.FirstKept
		}
		if e.ID == stop {
			done = true
			return false
		}
		want = e.ParentID
		if want == "" {
			done = true
			return false
		}
		return true
	})
	if err != nil || bad || !done {
		return nil, nil, false
	}
	// The part before the tail is scanned, a block at a time, for the
	// ids in use and for system messages.
	start := max(fi.Size()-consumed, 0)
	const block, overlap = 1 << 20, 32
	buf := make([]byte, block+overlap)
	for pos := int64(0); pos < start; pos += block {
		n := min(int64(len(buf)), start-pos)
		if _, err := f.ReadAt(buf[:n], pos); err != nil && err != io.EOF {
			return nil, nil, false
		}
		if bytes.Contains(buf[:n], []byte(`"role":"system"`)) {
			return nil, nil, false
		}
		ids = appendIDs(ids, buf[:n])
	}
	sess = &Session{Header: *h, byID: map[string]*Entry{}, metadata: map[string]json.RawMessage{}, partial: true}
	for i := len(tail) - 1; i >= 0; i-- {
		sess.add(tail[i])
	}
	if sess.Leaf != leaf {
		return nil, nil, false
	}
	return sess, ids, true
}

// appendIDs adds the entry ids in b, a part of a file that was not
// parsed: every `"id":"…"` of eight hex digits (a message's text may
// hold one too; a needless id in the set only costs its 4 bytes).
func appendIDs(out []uint32, b []byte) []uint32 {
	key := []byte(`"id":"`)
	for {
		i := bytes.Index(b, key)
		if i < 0 {
			return out
		}
		b = b[i+len(key):]
		if len(b) >= 9 && b[8] == '"' {
			if n, ok := hexID(string(b[:8])); ok {
				out = append(out, n)
			}
		}
	}
}
