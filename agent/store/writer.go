package store

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// Writer appends entries to one session file. Each entry is one write
// of one line, so a process killed at any moment leaves every entry
// written before the kill intact and at most a torn last line (which
// readers report and skip). Sync makes the entries so far durable; the
// session calls it at the end of every turn. A Writer holds the file's
// lock: no other process can write the session while it is open.
type Writer struct {
	mu   sync.Mutex
	f    *os.File
	path string
	ids  idSet
	leaf string
	// lazy: the file is created at the first Append, so a session that
	// never gets a message leaves nothing behind.
	lazy   *Header
	closed bool
	// discard is set for the null store's writers: entries get ids and
	// move the leaf, but nothing is written.
	discard bool
	id      string
}

// ErrLocked means another process has the session open for writing.
var ErrLocked = errors.New("the session is open in another panto process")

// Path is the session file.
func (w *Writer) Path() string { return w.path }

// Leaf is the id of the last tree entry appended (or loaded), the parent
// of the next one.
func (w *Writer) Leaf() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.leaf
}

// SetLeaf moves the branch point: the next tree entry's parent. It is
// also recorded in the file (panto_leaf) so a resume continues there.
func (w *Writer) SetLeaf(id string) error {
	if err := w.Append(&Entry{Type: TypePantoLeaf, TargetID: id}); err != nil {
		return err
	}
	w.mu.Lock()
	w.leaf = id
	w.mu.Unlock()
	return nil
}

// NewID returns an id not used yet in this session: 8 hex digits, as pi
// writes them.
func (w *Writer) NewID() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.newIDLocked()
}

func (w *Writer) newIDLocked() string {
	for {
		var b [4]byte
		rand.Read(b[:])
		id := hex.EncodeToString(b[:])
		if w.ids.add(id) {
			return id
		}
	}
}

// Append writes one entry. It fills in what the caller left empty: the
// id, the parent (the current leaf), the timestamp. A tree entry becomes
// the new leaf.
func (w *Writer) Append(e *Entry) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return errors.New("store: the session writer is closed")
	}
	if e.ID == "" {
		e.ID = w.newIDLocked()
	} else {
		w.ids.add(e.ID)
	}
	switch {
	case e.Type == TypePantoLeaf:
		// pi takes the file's last entry as the leaf and walks up through
		// parentId: a moved branch point is the marker's parent, so pi
		// reads the same branch as panto after a /tree with nothing sent.
		e.ParentID = e.TargetID
	case e.ParentID == "":
		e.ParentID = w.leaf
	}
	if e.Timestamp.IsZero() {
		e.Timestamp = time.Now()
	}
	if e.Message != nil {
		e.Message.ID, e.Message.ParentID = e.ID, e.ParentID
		if e.Message.Time.IsZero() {
			e.Message.Time = e.Timestamp
		}
	}
	// Room for the newline: appending it to a line of exactly its own
	// size would copy a long message's line once more.
	line, err := appendEntry(nil, e, 1)
	if err != nil {
		return err
	}
	if w.discard {
		if e.InTree() {
			w.leaf = e.ID
		}
		return nil
	}
	if err := w.openLazy(); err != nil {
		return err
	}
	line = append(line, '\n')
	if _, err := w.f.Write(line); err != nil {
		return fmt.Errorf("store: %s: %v", w.path, err)
	}
	if e.InTree() {
		w.leaf = e.ID
	}
	return nil
}

// openLazy creates the file and writes its header on first use.
func (w *Writer) openLazy() error {
	if w.f != nil {
		return nil
	}
	h := w.lazy
	f, err := os.OpenFile(w.path, os.O_CREATE|os.O_EXCL|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("store: %v", err)
	}
	if ok, err := lockFile(f); !ok {
		f.Close()
		if err == nil {
			err = ErrLocked
		}
		return fmt.Errorf("store: %s: %v", w.path, err)
	}
	line, err := jsonLine(h)
	if err == nil {
		_, err = f.Write(line)
	}
	if err != nil {
		f.Close()
		return fmt.Errorf("store: %s: %v", w.path, err)
	}
	w.f, w.lazy = f, nil
	return nil
}

// Sync flushes what was appended to stable storage and stamps the file
// with the exact time: listings sort by modification time, and the
// kernel's own stamp is only as fine as its clock tick (milliseconds),
// which would let two sessions written in one tick tie.
func (w *Writer) Sync() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		return nil
	}
	if err := syncFile(w.f); err != nil {
		return err
	}
	now := time.Now()
	return os.Chtimes(w.path, now, now)
}

// Close syncs and releases the file and its lock.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil
	}
	w.closed = true
	if w.f == nil {
		return nil
	}
	err := syncFile(w.f)
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncFile is (*os.File).Sync; tests replace it to see that Sync and
// Close reach stable storage, which no file system test can observe.
var syncFile = (*os.File).Sync

// openAppend opens an existing session for appending: it takes the lock,
// and when the file does not end in a newline (a torn last line) it ends
// that line first, so the torn bytes stay a line of their own that
// readers skip instead of corrupting the next entry.
func openAppend(path string, s *Session) (*Writer, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("store: %v", err)
	}
	if ok, err := lockFile(f); !ok {
		f.Close()
		if err == nil {
			err = ErrLocked
		}
		return nil, fmt.Errorf("store: %s: %v", path, err)
	}
	if fi, err := f.Stat(); err == nil && fi.Size() > 0 {
		last := make([]byte, 1)
		if _, err := f.ReadAt(last, fi.Size()-1); err == nil && last[0] != '\n' {
			if _, err := f.Write([]byte("\n")); err != nil {
				f.Close()
				return nil, fmt.Errorf("store: %s: %v", path, err)
			}
		}
	}
	w := &Writer{f: f, path: path, leaf: s.Leaf}
	for _, e := range s.Entries {
		if e.ID != "" {
			w.ids.add(e.ID)
		}
	}
	return w, nil
}

func jsonLine(v any) ([]byte, error) {
	var b bytes.Buffer
	if err := encodeJSON(&b, v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

var _ io.Closer = (*Writer)(nil)

func encodeJSON(b *bytes.Buffer, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b.Write(data)
	b.WriteByte('\n')
	return nil
}

// idSet is the ids used in a session, so a new one is not used twice.
// Ids as panto and pi make them (8 hex digits) are kept as numbers,
// 4 bytes each rather than a string and a map entry's 50-odd, since a
// long session has tens of thousands; other ids (from other writers)
// cannot equal a new one and need no room.
type idSet map[uint32]struct{}

// add records id and reports whether it was new.
func (s *idSet) add(id string) bool {
	n, ok := hexID(id)
	if !ok {
		return true
	}
	if *s == nil {
		*s = idSet{}
	}
	if _, dup := (*s)[n]; dup {
		return false
	}
	(*s)[n] = struct{}{}
	return true
}

// hexID reads an id of exactly 8 lowercase hex digits.
func hexID(id string) (uint32, bool) {
	if len(id) != 8 {
		return 0, false
	}
	var n uint32
	for i := 0; i < 8; i++ {
		c := id[i]
		switch {
		case c >= '0' && c <= '9':
			n = n<<4 | uint32(c-'0')
		case c >= 'a' && c <= 'f':
			n = n<<4 | uint32(c-'a'+10)
		default:
			return 0, false
		}
	}
	return n, true
}
