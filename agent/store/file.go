package store

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// FileStore keeps sessions as JSON Lines files in one folder, one file
// per session, named "<creation time>_<id>.jsonl" so that a listing
// knows every id and creation time from the folder alone.
type FileStore struct {
	Dir string
}

// NewFileStore returns the store of the sessions in dir (created on the
// first write).
func NewFileStore(dir string) *FileStore { return &FileStore{Dir: dir} }

// ProjectDir is where the sessions of the project at cwd live under the
// sessions root: pi's "--<cwd with / as ->--" folder name, plus a short
// hash of the exact path, because that encoding alone is lossy ("/a-b"
// and "/a/b" would share a folder).
func ProjectDir(root, cwd string) string {
	clean := filepath.Clean(cwd)
	enc := strings.NewReplacer("/", "-", "\\", "-", ":", "-").Replace(strings.TrimLeft(clean, "/"))
	sum := sha256.Sum256([]byte(clean))
	return filepath.Join(root, "--"+enc+"--"+hex.EncodeToString(sum[:4]))
}

const fileSuffix = ".jsonl"

// fileTimeLayout is an ISO time with the colons a file name cannot hold
// everywhere replaced.
const fileTimeLayout = "2006-01-02T15-04-05.000Z"

// NewSessionID returns a random UUID (version 4), the id pi uses.
func NewSessionID() string {
	var b [16]byte
	rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

// Create starts a new session for the project at cwd. Nothing is written
// until the first Append. parent names the session it was forked from,
// if any.
func (s *FileStore) Create(cwd, parent string) (*Writer, error) {
	now := time.Now().UTC()
	h := &Header{Type: TypeSession, Version: Version, ID: NewSessionID(), Timestamp: now, Cwd: cwd, ParentSession: parent}
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("store: %v", err)
	}
	name := now.Format(fileTimeLayout) + "_" + h.ID + fileSuffix
	return &Writer{path: filepath.Join(s.Dir, name), lazy: h}, nil
}

// SessionID is the id of the session being written.
func (w *Writer) SessionID() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.lazy != nil {
		return w.lazy.ID
	}
	if w.discard {
		return w.id
	}
	return idFromName(filepath.Base(w.path))
}

// Open loads a session and opens it for appending (a resume).
func (s *FileStore) Open(id string) (*Writer, *Session, error) {
	path, err := s.path(id)
	if err != nil {
		return nil, nil, err
	}
	sess, err := loadFile(path)
	if err != nil {
		return nil, nil, err
	}
	w, err := openAppend(path, sess)
	if err != nil {
		return nil, nil, err
	}
	return w, sess, nil
}

// Load parses a whole session.
func (s *FileStore) Load(id string) (*Session, error) {
	path, err := s.path(id)
	if err != nil {
		return nil, err
	}
	return loadFile(path)
}

// loadFile parses the session file at path, which must be a regular
// file (a link to one is fine): a device or a pipe would never end, and
// opening a pipe alone can block. It reads no more than the size the
// file had when opened.
func loadFile(path string) (*Session, error) {
	if err := regular(path); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("store: %v", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("store: %v", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("store: %s is not a regular file", path)
	}
	return Parse(io.LimitReader(f, fi.Size()), path)
}

// regular fails unless path is a regular file or a link to one.
func regular(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("store: %v", err)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("store: %s is not a regular file", path)
	}
	return nil
}

// file is one session file found in the folder.
type file struct {
	id, name string
	created  time.Time
	modified time.Time
	size     int64
}

func idFromName(name string) string {
	name = strings.TrimSuffix(name, fileSuffix)
	if i := strings.LastIndexByte(name, '_'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// files lists the session files, newest modification first. It reads
// the folder and stats each file; no file is opened.
func (s *FileStore) files() ([]file, error) {
	des, err := os.ReadDir(s.Dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: %v", err)
	}
	out := make([]file, 0, len(des))
	for _, de := range des {
		name := de.Name()
		if de.IsDir() || !strings.HasSuffix(name, fileSuffix) || strings.HasPrefix(name, ".") {
			continue
		}
		fi, err := de.Info()
		if err != nil {
			continue // removed meanwhile
		}
		if fi.Mode()&os.ModeSymlink != 0 {
			// A link counts as the file it leads to.
			if fi, err = os.Stat(filepath.Join(s.Dir, name)); err != nil {
				continue
			}
		}
		if !fi.Mode().IsRegular() {
			continue // a device or a pipe is no session
		}
		f := file{id: idFromName(name), name: name, modified: fi.ModTime(), size: fi.Size()}
		if i := strings.LastIndexByte(name, '_'); i > 0 {
			if t, err := time.Parse(fileTimeLayout, name[:i]); err == nil {
				f.created = t
			}
		}
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].modified.Equal(out[j].modified) {
			return out[i].modified.After(out[j].modified)
		}
		return out[i].name > out[j].name
	})
	return out, nil
}

// Resolve turns an id or a unique prefix of one into the full id.
func (s *FileStore) Resolve(prefix string) (string, error) {
	if prefix == "" {
		return "", errors.New("store: empty session id")
	}
	fs, err := s.files()
	if err != nil {
		return "", err
	}
	var match []string
	for _, f := range fs {
		if f.id == prefix {
			return f.id, nil
		}
		if strings.HasPrefix(f.id, prefix) {
			match = append(match, f.id)
		}
	}
	switch len(match) {
	case 0:
		return "", fmt.Errorf("no session %q in %s", prefix, s.Dir)
	case 1:
		return match[0], nil
	}
	sort.Strings(match)
	return "", fmt.Errorf("session id %q is ambiguous: %s and %d more", prefix, strings.Join(match[:2], ", "), len(match)-2)
}

func (s *FileStore) path(id string) (string, error) {
	full, err := s.Resolve(id)
	if err != nil {
		return "", err
	}
	fs, err := s.files()
	if err != nil {
		return "", err
	}
	for _, f := range fs {
		if f.id == full {
			return filepath.Join(s.Dir, f.name), nil
		}
	}
	return "", fmt.Errorf("no session %q", id)
}

// Info is what a listing shows about a session.
type Info struct {
	ID       string
	Path     string
	Cwd      string
	Created  time.Time
	Modified time.Time
	// The rest comes from the latest summary and what follows it.
	MessageCount    int
	LastUserMessage string
	API             string
	BaseURL         string
	Model           string
	Reasoning       string
	Metadata        json.RawMessage
}

// List returns every session, newest first.
func (s *FileStore) List() ([]Info, error) { return s.ListBounded(0) }

// ListBounded returns the limit most recently modified sessions (all of
// them when limit is 0). Its cost grows with the number of sessions
// (one stat each) and with limit (a bounded read of each listed file's
// head and tail), never with the sessions' sizes.
func (s *FileStore) ListBounded(limit int) ([]Info, error) {
	fs, err := s.files()
	if err != nil {
		return nil, err
	}
	if limit > 0 && len(fs) > limit {
		fs = fs[:limit]
	}
	out := make([]Info, 0, len(fs))
	for _, f := range fs {
		info, err := s.info(f)
		if err != nil {
			continue // unreadable or not a session: not listed
		}
		out = append(out, info)
	}
	return out, nil
}

// Latest returns the most recently modified session that can be read,
// or nil.
func (s *FileStore) Latest() (*Info, error) {
	in, _, err := s.latest(s.info)
	return in, err
}

// LatestReadable is what --continue needs of Latest: the newest session
// file with a session header (its Info holds the header's fields and the
// path, not the summary's, since the whole file is read next anyway),
// and the newer files it passed over because they could not be read,
// each as "path: why", so that --continue can say so rather than
// silently continue an older session or start a new one.
func (s *FileStore) LatestReadable() (*Info, []string, error) {
	return s.latest(s.headerInfo)
}

func (s *FileStore) latest(read func(file) (Info, error)) (*Info, []string, error) {
	fs, err := s.files()
	if err != nil {
		return nil, nil, err
	}
	var skipped []string
	for _, f := range fs {
		info, err := read(f)
		if err != nil {
			skipped = append(skipped, filepath.Join(s.Dir, f.name)+": "+err.Error())
			continue
		}
		return &info, skipped, nil
	}
	return nil, skipped, nil
}

// OpenPath is Open for the file at path, as Latest's Info names it: it
// does not list the folder again.
func (s *FileStore) OpenPath(path string) (*Writer, *Session, error) {
	sess, err := loadFile(path)
	if err != nil {
		return nil, nil, err
	}
	w, err := openAppend(path, sess)
	if err != nil {
		return nil, nil, err
	}
	return w, sess, nil
}

// info reads a file's header and the summary near its end.
func (s *FileStore) info(f file) (Info, error) {
	return s.readInfo(f, true)
}

// headerInfo reads a file's header only.
func (s *FileStore) headerInfo(f file) (Info, error) {
	return s.readInfo(f, false)
}

func (s *FileStore) readInfo(f file, summary bool) (Info, error) {
	path := filepath.Join(s.Dir, f.name)
	fh, err := os.Open(path)
	if err != nil {
		return Info{}, err
	}
	defer fh.Close()
	head, err := readHeader(fh)
	if err != nil {
		if f.size == 0 {
			return Info{}, errors.New("empty file")
		}
		return Info{}, err
	}
	info := Info{ID: head.ID, Path: path, Cwd: head.Cwd, Created: head.Timestamp, Modified: f.modified}
	if !summary {
		return info, nil
	}
	if err := tailSummary(fh, f.size, &info); err != nil {
		return Info{}, err
	}
	return info, nil
}

// readHeader reads the first line (a header is small; a first line
// longer than 64 KiB is not a panto header).
func readHeader(r io.ReaderAt) (*Header, error) {
	buf := make([]byte, 64<<10)
	n, err := r.ReadAt(buf, 0)
	if err != nil && err != io.EOF {
		return nil, err
	}
	buf = buf[:n]
	if i := bytes.IndexByte(buf, '\n'); i >= 0 {
		buf = buf[:i]
	}
	var h Header
	if err := json.Unmarshal(buf, &h); err != nil || h.Type != TypeSession || h.ID == "" {
		return nil, errors.New("not a session file (the first line is not a session header)")
	}
	return &h, nil
}

// summaryPrefix and messagePrefix start the lines Marshal writes for
// those entries (encoding/json keeps struct field order, and type is
// the first field), so the tail scan recognises them without parsing.
var (
	summaryPrefix = []byte(`{"type":"` + TypePantoSummary + `"`)
	messagePrefix = []byte(`{"type":"` + TypeMessage + `"`)
)

// maxListedLine bounds the message lines tailSummary decodes.
const maxListedLine = 1 << 20

// tailSummary scans the file backwards, line by line, to the latest
// summary, counting the messages written after it (a turn cut short by a
// kill) and picking up the last user message among them.
func tailSummary(r io.ReaderAt, size int64, info *Info) error {
	after, lastUser := 0, ""
	var found *Summary
	err := reverseLines(r, size, func(line []byte) bool {
		switch {
		case bytes.HasPrefix(line, summaryPrefix):
			if e, err := Unmarshal(line); err == nil && e.Info != nil {
				found = e.Info
				return false
			}
		case bytes.HasPrefix(line, messagePrefix):
			after++
			// A listing shows a line of the last user message: one of
			// megabytes is not decoded for it (the summary's stays).
			if lastUser == "" && len(line) <= maxListedLine && bytes.Contains(line, []byte(`"role":"user"`)) {
				if e, err := Unmarshal(line); err == nil && e.Message.Role == "user" {
					lastUser = e.Message.Text()
				}
			}
		}
		return true
	})
	if err != nil {
		return err
	}
	if found != nil {
		info.MessageCount = found.MessageCount
		info.LastUserMessage = found.LastUserMessage
		info.API, info.BaseURL, info.Model, info.Reasoning = found.API, found.BaseURL, found.Model, found.Reasoning
		info.Metadata = found.Metadata
	}
	info.MessageCount += after
	if lastUser != "" {
		info.LastUserMessage = lastUser
	}
	return nil
}

// reverseLines calls fn with each line from the end of the file to its
// second line (the header is skipped), until fn returns false. It reads
// 64 KiB blocks backwards, so finding a summary near the end costs a
// few reads whatever the file's size; a line longer than a block is
// kept as the blocks it spans and joined once, so each byte is read,
// searched and copied a bounded number of times (a long last entry costs
// its length, not its length squared).
func reverseLines(r io.ReaderAt, size int64, fn func([]byte) bool) error {
	const block = 64 << 10
	// pieces are the parts of a line whose end was read already, the
	// part nearest the line's end first.
	var pieces [][]byte
	pos := size
	for pos > 0 {
		n := int64(block)
		if pos < n {
			n = pos
		}
		pos -= n
		buf := make([]byte, n)
		if _, err := r.ReadAt(buf, pos); err != nil && err != io.EOF {
			return err
		}
		for {
			i := bytes.LastIndexByte(buf, '\n')
			if i < 0 {
				break
			}
			line := joinReversed(buf[i+1:], pieces)
			pieces = pieces[:0]
			buf = buf[:i]
			if len(line) > 0 && !fn(line) {
				return nil
			}
		}
		if len(buf) > 0 {
			pieces = append(pieces, buf)
		}
	}
	// pieces now hold the first line: the header.
	return nil
}

// joinReversed is head followed by pieces in reverse order: a line from
// its start to its end.
func joinReversed(head []byte, pieces [][]byte) []byte {
	if len(pieces) == 0 {
		return head
	}
	n := len(head)
	for _, p := range pieces {
		n += len(p)
	}
	line := make([]byte, 0, n)
	line = append(line, head...)
	for i := len(pieces) - 1; i >= 0; i-- {
		line = append(line, pieces[i]...)
	}
	return line
}
