package store

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"

	"panto/agent/conv"
)

// Session is a whole session file, parsed: its header, every entry in
// file order, and where the current branch ends.
type Session struct {
	Header  Header
	Entries []*Entry
	// Leaf is the id of the current branch's last tree entry ("" for a
	// session without messages).
	Leaf string
	// Summary is the latest panto_summary (nil when none was written).
	Summary *Summary
	// Problems are lines that could not be read (a torn last line after
	// a kill, a corrupted one), each as "file:line: why". Their bytes
	// stay in the file.
	Problems []string

	// partial: only the file's tail was read (FileStore.OpenActive).
	partial bool

	byID     map[string]*Entry
	metadata map[string]json.RawMessage
	started  map[string]bool // assistant messages whose tool calls were dispatched
}

// Entry returns the entry with id, or nil.
func (s *Session) Entry(id string) *Entry { return s.byID[id] }

// Branch returns the conversation from the root to leaf (the current
// leaf when leaf is ""): its messages and compaction summaries, with
// each message's latest metadata applied.
func (s *Session) Branch(leaf string) *conv.Conversation {
	path := s.branchPath(leaf)
	c := &conv.Conversation{Messages: make([]conv.Message, 0, len(path))}
	for i := len(path) - 1; i >= 0; i-- {
		c.Append(s.toMessage(path[i]))
	}
	return c
}

// branchPath is the tree entries from leaf (the current leaf when "")
// up to the root, leaf first.
func (s *Session) branchPath(leaf string) []*Entry {
	if leaf == "" {
		leaf = s.Leaf
	}
	var path []*Entry
	seen := map[string]bool{}
	for id := leaf; id != "" && !seen[id]; {
		seen[id] = true
		e := s.byID[id]
		if e == nil {
			break
		}
		if e.InTree() {
			path = append(path, e)
		}
		id = e.ParentID
	}
	return path
}

// toMessage turns a tree entry into a conversation message.
func (s *Session) toMessage(e *Entry) conv.Message {
	if e.Type == TypeCompaction {
		return conv.Message{ID: e.ID, ParentID: e.ParentID, Role: conv.Compaction, Time: e.Timestamp,
			Blocks: []conv.Block{conv.TextBlock(e.Summary)}, FirstKept: e.FirstKept, TokensBefore: e.TokensBefore,
			SpentBefore: append([]conv.Spend(nil), e.SpentBefore...)}
	}
	m := e.Message.Clone()
	if md, ok := s.metadata[e.ID]; ok {
		m.Metadata = md
	}
	return m
}

// Children returns the ids of the tree entries whose parent is id ("" for
// the roots), in file order: what /tree shows below a node.
func (s *Session) Children(id string) []string {
	var out []string
	for _, e := range s.Entries {
		if e.InTree() && e.ParentID == id {
			out = append(out, e.ID)
		}
	}
	return out
}

// maxLine bounds one entry: a line longer than this is reported and
// skipped rather than read into memory whole. A variable so that a
// test can lower it.
var maxLine = 256 << 20

// Parse reads a session file. Lines that do not parse (a torn last line,
// a corrupted one) are reported in Problems and skipped; name is used in
// those messages. Only a missing or unreadable header is an error.
//
// The lines are decoded in parallel (JSON decoding is most of a load's
// cost) and applied in file order.
func Parse(r io.Reader, name string) (*Session, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	s := &Session{byID: map[string]*Entry{}, metadata: map[string]json.RawMessage{}}
	var lines []rawLine
	lineNo := 0
	first := true
	for {
		line, owned, err := readLine(br)
		if len(line) == 0 && err != nil {
			if err == io.EOF {
				break
			}
			if err == errLineTooLong {
				lineNo++
				lines = append(lines, rawLine{no: lineNo, tooLong: true})
				continue
			}
			return nil, err
		}
		lineNo++
		line = bytes.TrimRight(line, "\r")
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if first {
			first = false
			if err := json.Unmarshal(line, &s.Header); err != nil || s.Header.Type != TypeSession || s.Header.ID == "" {
				return nil, fmt.Errorf("%s:1: not a session file (the first line must be a session header)", name)
			}
			continue
		}
		if !owned {
			line = bytes.Clone(line)
		}
		lines = append(lines, rawLine{no: lineNo, data: line, last: err == io.EOF})
	}
	if first {
		return nil, fmt.Errorf("%s: empty session file", name)
	}
	decodeAll(lines)
	lineOf := map[string]int{} // where each id was first seen
	for _, l := range lines {
		switch {
		case l.tooLong:
			s.Problems = append(s.Problems, fmt.Sprintf("%s:%d: entry longer than %d bytes skipped", name, l.no, maxLine))
		case l.err != nil:
			what := "unreadable entry skipped"
			if l.last {
				what = "torn last entry skipped (the process writing it was interrupted)"
			}
			s.Problems = append(s.Problems, fmt.Sprintf("%s:%d: %s: %v", name, l.no, what, l.err))
		default:
			// Both hide earlier history from the branch: said, not fixed.
			if e := l.e; e.ID != "" {
				if first, ok := lineOf[e.ID]; ok {
					s.Problems = append(s.Problems, fmt.Sprintf("%s:%d: entry id %s is used again (first on line %d): the later entry hides the earlier one", name, l.no, e.ID, first))
				} else {
					lineOf[e.ID] = l.no
				}
				if e.ParentID == e.ID {
					s.Problems = append(s.Problems, fmt.Sprintf("%s:%d: entry %s is its own parent: the history before it is cut off", name, l.no, e.ID))
				}
			}
			s.add(l.e)
		}
	}
	return s, nil
}

// rawLine is one entry line and what decoding it gave.
type rawLine struct {
	no      int
	data    []byte
	last    bool // the file's last line, without a newline after it
	tooLong bool
	e       *Entry
	err     error
}

// decodeAll decodes the lines, spread over the processors in chunks.
func decodeAll(lines []rawLine) {
	const chunk = 512
	workers := runtime.GOMAXPROCS(0)
	if len(lines) < 2*chunk || workers < 2 {
		for i := range lines {
			lines[i].decode()
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				start := int(next.Add(chunk)) - chunk
				if start >= len(lines) {
					return
				}
				for i := start; i < min(start+chunk, len(lines)); i++ {
					lines[i].decode()
				}
			}
		}()
	}
	wg.Wait()
}

func (l *rawLine) decode() {
	if l.tooLong {
		return
	}
	l.e, l.err = Unmarshal(l.data)
	l.data = nil
}

// add applies one entry in file order.
func (s *Session) add(e *Entry) {
	s.Entries = append(s.Entries, e)
	if e.ID != "" {
		s.byID[e.ID] = e
	}
	switch {
	case e.InTree():
		s.Leaf = e.ID
	case e.Type == TypePantoLeaf:
		if e.TargetID == "" || s.byID[e.TargetID] != nil {
			s.Leaf = e.TargetID
		}
	case e.Type == TypePantoMetadata:
		if e.Metadata == nil {
			delete(s.metadata, e.TargetID)
		} else {
			s.metadata[e.TargetID] = e.Metadata
		}
	case e.Type == TypePantoSummary:
		s.Summary = e.Info
	case e.Type == TypePantoToolsStarted:
		if s.started == nil {
			s.started = map[string]bool{}
		}
		s.started[e.TargetID] = true
	}
}

var errLineTooLong = errors.New("line too long")

// readLine returns the next line without its newline, and whether the
// slice is the caller's own (otherwise it is the reader's buffer, valid
// until the next read). At the end of the input it returns the last
// (unterminated) line with io.EOF. A line longer than maxLine is drained
// and reported as errLineTooLong.
func readLine(br *bufio.Reader) ([]byte, bool, error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) > maxLine {
			for err == bufio.ErrBufferFull {
				_, err = br.ReadSlice('\n')
			}
			if err == io.EOF {
				return nil, false, io.EOF
			}
			return nil, false, errLineTooLong
		}
		switch err {
		case nil:
			if buf == nil {
				return chunk[:len(chunk)-1], false, nil
			}
			return append(buf, chunk[:len(chunk)-1]...), true, nil
		case bufio.ErrBufferFull:
			buf = append(buf, chunk...)
		default:
			return append(buf, chunk...), true, err
		}
	}
}
