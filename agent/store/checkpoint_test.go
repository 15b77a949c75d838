package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestCheckpointsRoundTrip: what /rewind needs of a file change — the
// content before (text as it is, anything else intact through base64,
// nothing for a created file) and a digest of the content after — is
// written to the session file and read back in order; entries of other
// types, and checkpoints that do not decode or name no file, are not
// checkpoints.
func TestCheckpointsRoundTrip(t *testing.T) {
	binary := []byte{0xff, 0x00, 0xfe, 'x'}
	changes := []struct {
		name          string
		before, after []byte
	}{
		{"edited text", []byte("old line\n"), []byte("new line\n")},
		{"binary", binary, []byte("now text")},
		{"created", nil, []byte("fresh")},
		{"deleted", []byte("gone"), nil},
		{"emptied", []byte("x"), []byte{}},
	}
	fs := NewFileStore(t.TempDir())
	w, err := fs.Create("/proj", "")
	must(t, err)
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg("user", "change things")}))
	turn := w.Leaf()
	for i, c := range changes {
		e, err := NewCheckpoint(turn, "write", "/proj/f"+c.name, c.before, c.after).Entry()
		must(t, err)
		must(t, w.Append(e))
		if i == 1 {
			// Not checkpoints: metadata that does not decode, or names
			// no file.
			must(t, w.Append(&Entry{Type: TypePantoCheckpoint, TargetID: turn, Metadata: []byte(`"nope"`)}))
			must(t, w.Append(&Entry{Type: TypePantoCheckpoint, TargetID: turn, Metadata: []byte(`{"turn":"x","tool":"write"}`)}))
		}
	}
	id := w.SessionID()
	must(t, w.Close())

	s, err := fs.Load(id)
	must(t, err)
	got := s.Checkpoints()
	if len(got) != len(changes) {
		t.Fatalf("%d checkpoints, want %d: %+v", len(got), len(changes), got)
	}
	for i, c := range changes {
		t.Run(c.name, func(t *testing.T) {
			cp := got[i]
			if cp.Turn != turn || cp.Tool != "write" || cp.Path != "/proj/f"+c.name {
				t.Errorf("turn %q tool %q path %q", cp.Turn, cp.Tool, cp.Path)
			}
			if cp.Existed != (c.before != nil) {
				t.Errorf("existed %v", cp.Existed)
			}
			before, err := cp.BeforeBytes()
			if err != nil || !bytes.Equal(before, c.before) || (before == nil) != (c.before == nil) {
				t.Errorf("before %q (%v), want %q", before, err, c.before)
			}
			want := ""
			if c.after != nil {
				sum := sha256.Sum256(c.after)
				want = hex.EncodeToString(sum[:])
			}
			if cp.After != want {
				t.Errorf("after %q, want %q", cp.After, want)
			}
		})
	}
	if !got[1].Binary || got[0].Binary || got[0].Before != "old line\n" {
		t.Errorf("text kept as text, binary as base64: %+v %+v", got[0], got[1])
	}
}

// TestAppendRefusesWhatItCannotWrite: an entry the store cannot encode
// is an error, and neither a line nor a new leaf is left behind.
func TestAppendRefusesWhatItCannotWrite(t *testing.T) {
	fs := NewFileStore(t.TempDir())
	w, err := fs.Create("/proj", "")
	must(t, err)
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg("user", "q1")}))
	leaf := w.Leaf()
	for _, e := range []*Entry{{Type: "bogus"}, {Type: TypeMessage}, {Type: TypePantoSummary}} {
		if err := w.Append(e); err == nil {
			t.Errorf("Append(%s entry) succeeded", e.Type)
		}
	}
	if w.Leaf() != leaf {
		t.Errorf("leaf moved to %q after failed appends", w.Leaf())
	}
	id := w.SessionID()
	must(t, w.Close())
	s, err := fs.Load(id)
	must(t, err)
	if len(s.Entries) != 1 || len(s.Problems) != 0 {
		t.Errorf("%d entries, problems %q; want the one message", len(s.Entries), s.Problems)
	}
}

// TestAppendNeverTakesAnothersFile: a new session's file is created on
// its first entry; if a file of that name appeared in the meantime the
// append fails and the other file is left as it was.
func TestAppendNeverTakesAnothersFile(t *testing.T) {
	fs := NewFileStore(t.TempDir())
	w, err := fs.Create("/proj", "")
	must(t, err)
	must(t, os.MkdirAll(filepath.Dir(w.Path()), 0o700))
	must(t, os.WriteFile(w.Path(), []byte("someone else's\n"), 0o600))
	if err := w.Append(&Entry{Type: TypeMessage, Message: textMsg("user", "q1")}); err == nil {
		t.Fatal("Append wrote into a file it did not create")
	}
	w.Close()
	if data, _ := os.ReadFile(w.Path()); string(data) != "someone else's\n" {
		t.Errorf("the other file now holds %q", data)
	}
}

// TestHexIDReadsWhatNewIDWrites: the writer avoids ids already in the
// file by reading them back as numbers; each must read as the number
// strconv reads, and anything but 8 lowercase hex digits as none.
func TestHexIDReadsWhatNewIDWrites(t *testing.T) {
	for _, id := range []string{"00000000", "0000001f", "deadbeef", "ffffffff", "12345678", "a0b1c2d3"} {
		want, _ := strconv.ParseUint(id, 16, 32)
		if n, ok := hexID(id); !ok || uint64(n) != want {
			t.Errorf("hexID(%q) = %d, %v; want %d", id, n, ok, want)
		}
	}
	for _, id := range []string{"", "1234567", "123456789", "DEADBEEF", "0000000g", "-0000001"} {
		if _, ok := hexID(id); ok {
			t.Errorf("hexID(%q) accepted", id)
		}
	}
}

// TestCompactionWithoutSummaryReads: a compaction entry with no summary
// field (another tool's, or an older panto's) is read with an empty
// summary rather than reported as unreadable.
func TestCompactionWithoutSummaryReads(t *testing.T) {
	e, err := Unmarshal([]byte(`{"type":"compaction","id":"a1b2c3d4","parentId":null,"timestamp":"2026-01-01T00:00:00Z","firstKeptEntryId":"x","tokensBefore":3}`))
	if err != nil || e.Summary != "" || e.FirstKept != "x" || e.TokensBefore != 3 {
		t.Fatalf("%+v, %v", e, err)
	}
}
