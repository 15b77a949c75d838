package store

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"unicode/utf8"
)

// Checkpoint is one file change a tool made (write, edit: a tool that
// declares the write effect and a path field), kept so /rewind can undo
// it: the content before, and a digest of the content after, which tells
// a file changed by hand since from one only the tool touched. It is
// stored as a panto_checkpoint entry whose targetId is the user message
// of the turn and whose metadata is this struct.
type Checkpoint struct {
	// Turn is the id of the user message that started the turn.
	Turn string `json:"turn"`
	// Tool made the change; Path is the file, absolute.
	Tool string `json:"tool"`
	Path string `json:"path"`
	// Existed is false when the tool created the file.
	Existed bool `json:"existed"`
	// Before is the content before the change (base64 when Binary).
	Before string `json:"before,omitempty"`
	Binary bool   `json:"binary,omitempty"`
	// After is the SHA-256 (hex) of the content after the change, ""
	// when the file did not exist afterwards.
	After string `json:"after"`
}

// NewCheckpoint makes a checkpoint of a change from before (nil: no
// file) to after (nil: no file).
func NewCheckpoint(turn, tool, path string, before, after []byte) Checkpoint {
	c := Checkpoint{Turn: turn, Tool: tool, Path: path, Existed: before != nil, After: Digest(after)}
	if before != nil {
		if utf8.Valid(before) {
			c.Before = string(before)
		} else {
			c.Before, c.Binary = base64.StdEncoding.EncodeToString(before), true
		}
	}
	return c
}

// BeforeBytes is the content before the change (nil when the file did
// not exist).
func (c Checkpoint) BeforeBytes() ([]byte, error) {
	if !c.Existed {
		return nil, nil
	}
	if c.Binary {
		return base64.StdEncoding.DecodeString(c.Before)
	}
	return []byte(c.Before), nil
}

// Digest is the SHA-256 of data in hex, "" for nil (no file).
func Digest(data []byte) string {
	if data == nil {
		return ""
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// Entry makes the checkpoint's panto_checkpoint entry.
func (c Checkpoint) Entry() (*Entry, error) {
	md, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	return &Entry{Type: TypePantoCheckpoint, TargetID: c.Turn, Metadata: md}, nil
}

// Checkpoints returns the session's checkpoints in file order; entries
// that do not decode are skipped.
func (s *Session) Checkpoints() []Checkpoint {
	var out []Checkpoint
	for _, e := range s.Entries {
		if e.Type != TypePantoCheckpoint {
			continue
		}
		var c Checkpoint
		if json.Unmarshal(e.Metadata, &c) == nil && c.Path != "" {
			out = append(out, c)
		}
	}
	return out
}
