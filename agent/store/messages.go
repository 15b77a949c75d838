package store

import (
	"encoding/json"
	"os"

	"panto/agent/conv"
)

// LoadOptions bound what LoadMessages returns.
type LoadOptions struct {
	// Limit is the most messages returned (0: no limit).
	Limit int
	// MaxBytes bounds the returned messages' size as stored (0: no
	// limit); messages past the bound are left out.
	MaxBytes int64
	// FromEnd takes the last messages instead of the first (they are
	// still returned oldest first). It reads the file backwards and stops
	// as soon as the bound is reached.
	FromEnd bool
	// Role keeps only messages of that role ("user", "assistant", "tool",
	// "system"); "" keeps all.
	Role string
	// MetadataKey keeps only messages whose metadata is an object with
	// that key.
	MetadataKey string
}

// LoadMessages returns messages of a session's current branch (no
// compaction summaries), filtered and bounded by o.
func (s *FileStore) LoadMessages(id string, o LoadOptions) ([]conv.Message, error) {
	path, err := s.path(id)
	if err != nil {
		return nil, err
	}
	if o.FromEnd {
		return loadFromEnd(path, o)
	}
	sess, err := loadFile(path)
	if err != nil {
		return nil, err
	}
	var out []conv.Message
	var total int64
	for _, m := range sess.Branch("").Messages {
		if !o.keep(&m) {
			continue
		}
		size := messageSize(&m)
		if o.MaxBytes > 0 && total+size > o.MaxBytes {
			break
		}
		total += size
		out = append(out, m)
		if o.Limit > 0 && len(out) == o.Limit {
			break
		}
	}
	return out, nil
}

func (o *LoadOptions) keep(m *conv.Message) bool {
	if m.Role == conv.Compaction {
		return false
	}
	if o.Role != "" && string(m.Role) != o.Role {
		return false
	}
	if o.MetadataKey != "" {
		var obj map[string]json.RawMessage
		if json.Unmarshal(m.Metadata, &obj) != nil {
			return false
		}
		if _, ok := obj[o.MetadataKey]; !ok {
			return false
		}
	}
	return true
}

// messageSize is a message's size as the store writes it, for MaxBytes.
func messageSize(m *conv.Message) int64 {
	line, err := Marshal(&Entry{Type: TypeMessage, ID: m.ID, ParentID: m.ParentID, Timestamp: m.Time, Message: m})
	if err != nil {
		return 0
	}
	return int64(len(line) + 1)
}

// treeLine is the part of an entry a backward walk needs.
type treeLine struct {
	Type     string          `json:"type"`
	ID       string          `json:"id"`
	ParentID *string         `json:"parentId"`
	TargetID string          `json:"targetId"`
	Metadata json.RawMessage `json:"metadata"`
}

// loadFromEnd walks the file from its end along the current branch
// (each message's parent comes earlier in the file), collecting matching
// messages until the bound is reached. Metadata entries follow the
// message they describe, so the walk meets the latest one first.
func loadFromEnd(path string, o LoadOptions) ([]conv.Message, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if _, err := readHeader(f); err != nil {
		return nil, err
	}
	var (
		out      []conv.Message
		total    int64
		want     string // the id the branch continues with; "" until the leaf is known
		leafSet  bool
		metadata = map[string]json.RawMessage{}
		seenMeta = map[string]bool{}
	)
	err = reverseLines(f, fi.Size(), func(line []byte) bool {
		var tl treeLine
		if json.Unmarshal(line, &tl) != nil {
			return true // a torn or corrupt line: skipped, as Parse does
		}
		switch tl.Type {
		case TypePantoMetadata:
			if !seenMeta[tl.TargetID] {
				seenMeta[tl.TargetID] = true
				if len(tl.Metadata) > 0 && string(tl.Metadata) != "null" {
					metadata[tl.TargetID] = append(json.RawMessage(nil), tl.Metadata...)
				}
			}
			return true
		case TypePantoLeaf:
			if !leafSet {
				leafSet, want = true, tl.TargetID
			}
			return true
		case TypeMessage, TypePantoMessage, TypeCompaction:
		default:
			return true
		}
		if !leafSet {
			leafSet, want = true, tl.ID
		}
		if tl.ID != want {
			return true // another branch
		}
		want = ""
		if tl.ParentID != nil {
			want = *tl.ParentID
		}
		if tl.Type == TypeCompaction {
			return want != ""
		}
		e, err := Unmarshal(line)
		if err != nil {
			return want != ""
		}
		m := *e.Message
		if md, ok := metadata[m.ID]; ok {
			m.Metadata = md
		}
		if o.keep(&m) {
			size := int64(len(line) + 1)
			if o.MaxBytes > 0 && total+size > o.MaxBytes {
				return false
			}
			total += size
			out = append(out, m)
			if o.Limit > 0 && len(out) == o.Limit {
				return false
			}
		}
		return want != ""
	})
	if err != nil {
		return nil, err
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}
