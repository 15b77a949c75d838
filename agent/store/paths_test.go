package store

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"panto/agent/conv"
)

// TestEntryRoundTrip writes every entry type the store knows and reads
// each back with the fields it carries.
func TestEntryRoundTrip(t *testing.T) {
	ts := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	img := conv.Block{Type: conv.Image, MediaType: "image/png", Data: "AAAA"}
	cases := []*Entry{
		{Type: TypeCompaction, ID: "c1", ParentID: "p", Timestamp: ts, Summary: "so far", FirstKept: "k1", TokensBefore: 1234},
		{Type: TypeModelChange, ID: "m1", Timestamp: ts, Provider: "prov", Model: "mod"},
		{Type: TypeThinkingLevel, ID: "t1", Timestamp: ts, ThinkingLevel: "high"},
		{Type: TypePantoMetadata, ID: "d1", Timestamp: ts, TargetID: "x", Metadata: json.RawMessage(`{"k":1}`)},
		{Type: TypePantoLeaf, ID: "l1", Timestamp: ts, TargetID: "x"},
		{Type: TypePantoMessage, ID: "pm", Timestamp: ts, Message: &conv.Message{Role: conv.System, Blocks: []conv.Block{conv.TextBlock("sys")}}},
		{Type: TypeMessage, ID: "u1", Timestamp: ts, Message: &conv.Message{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("look"), img}}},
		{Type: TypeMessage, ID: "a1", Timestamp: ts, Message: &conv.Message{Role: conv.Assistant, Blocks: []conv.Block{
			{Type: conv.ToolCall, ID: "c", Name: "n", Arguments: ""},
			{Type: conv.ToolCall, ID: "d", Name: "n", Arguments: `{"cut":`},
			{Type: conv.ToolCall, ID: "e", Name: "n", Arguments: `{"a":1}`},
		}}},
	}
	for _, e := range cases {
		t.Run(e.Type+"/"+e.ID, func(t *testing.T) {
			line, err := Marshal(e)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Unmarshal(line)
			if err != nil {
				t.Fatalf("%v\n%s", err, line)
			}
			if got.Type != e.Type || got.ID != e.ID || got.ParentID != e.ParentID || !got.Timestamp.Equal(e.Timestamp) {
				t.Errorf("header fields: %+v", got)
			}
			switch e.Type {
			case TypeCompaction:
				if got.Summary != e.Summary || got.FirstKept != e.FirstKept || got.TokensBefore != e.TokensBefore {
					t.Errorf("compaction %+v", got)
				}
			case TypeModelChange:
				if got.Provider != e.Provider || got.Model != e.Model {
					t.Errorf("model change %+v", got)
				}
			case TypeThinkingLevel:
				if got.ThinkingLevel != e.ThinkingLevel {
					t.Errorf("thinking level %q", got.ThinkingLevel)
				}
			case TypePantoMetadata:
				if got.TargetID != "x" || string(got.Metadata) != `{"k":1}` {
					t.Errorf("metadata %+v", got)
				}
			case TypePantoLeaf:
				if got.TargetID != "x" {
					t.Errorf("leaf %+v", got)
				}
			default:
				if got.Message == nil || got.Message.Role != e.Message.Role || len(got.Message.Blocks) != len(e.Message.Blocks) {
					t.Fatalf("message %+v", got.Message)
				}
				for i, b := range got.Message.Blocks {
					want := e.Message.Blocks[i]
					if want.Type == conv.ToolCall && want.Arguments == "" {
						want.Arguments = "{}" // a call without arguments is stored with the empty object
					}
					if b.Type != want.Type || b.Text != want.Text || b.Arguments != want.Arguments || b.Data != want.Data || b.MediaType != want.MediaType {
						t.Errorf("block %d: %+v, want %+v", i, b, want)
					}
				}
			}
		})
	}
	cleared, err := Marshal(&Entry{Type: TypePantoMetadata, ID: "d2", TargetID: "x"})
	if err != nil || !strings.Contains(string(cleared), `"metadata":null`) {
		t.Errorf("cleared metadata: %s %v", cleared, err)
	}
	for _, bad := range []*Entry{{Type: TypeMessage, ID: "x"}, {Type: TypePantoSummary, ID: "y"}, {Type: "mystery", ID: "z"}} {
		if _, err := Marshal(bad); err == nil || !strings.Contains(err.Error(), bad.Type) && bad.Type != TypePantoSummary {
			t.Errorf("Marshal(%s) = %v", bad.Type, err)
		}
	}
}

// TestParseRejectsNonSessions names the file in its error.
func TestParseRejectsNonSessions(t *testing.T) {
	for src, want := range map[string]string{
		"":                          "f.jsonl: empty session file",
		"\n  \n":                    "f.jsonl: empty session file",
		`{"type":"message"}` + "\n": "f.jsonl:1: not a session file",
	} {
		if _, err := Parse(strings.NewReader(src), "f.jsonl"); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q) = %v, want %q", src, err, want)
		}
	}
}

// TestParseLargeSessionInParallel: a session big enough to be decoded
// on several processors loads every entry, in file order.
func TestParseLargeSessionInParallel(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	dir := t.TempDir()
	fs := NewFileStore(dir)
	w, err := fs.Create("/p", "")
	must(t, err)
	const n = 2*512 + 333 // not a multiple of the decoding chunk
	for i := 0; i < n; i++ {
		must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, fmt.Sprint(i))}))
	}
	id := w.SessionID()
	must(t, w.Close())
	s, err := fs.Load(id)
	must(t, err)
	msgs := s.Branch("").Messages
	if len(msgs) != n || len(s.Problems) != 0 {
		t.Fatalf("%d messages, problems %v", len(msgs), s.Problems)
	}
	for i, m := range msgs {
		if m.Text() != fmt.Sprint(i) {
			t.Fatalf("message %d is %q", i, m.Text())
		}
	}
}

// TestMetadataCleared: a metadata entry with no value removes what an
// earlier one set, in a whole load and in a load from the end.
func TestMetadataCleared(t *testing.T) {
	dir := t.TempDir()
	fs := NewFileStore(dir)
	w, err := fs.Create("/p", "")
	must(t, err)
	must(t, w.Append(&Entry{Type: TypeMessage, ID: "m1", Message: textMsg(conv.User, "one")}))
	must(t, w.Append(&Entry{Type: TypePantoMetadata, TargetID: "m1", Metadata: json.RawMessage(`{"tag":1}`)}))
	must(t, w.Append(&Entry{Type: TypeMessage, ID: "m2", Message: textMsg(conv.Assistant, "two")}))
	must(t, w.Append(&Entry{Type: TypePantoMetadata, TargetID: "m2", Metadata: json.RawMessage(`{"tag":2}`)}))
	must(t, w.Append(&Entry{Type: TypePantoMetadata, TargetID: "m1"}))
	id := w.SessionID()
	must(t, w.Close())
	s, err := fs.Load(id)
	must(t, err)
	msgs := s.Branch("").Messages
	if len(msgs) != 2 || len(msgs[0].Metadata) != 0 || string(msgs[1].Metadata) != `{"tag":2}` {
		t.Errorf("metadata after clearing: %q, %q", msgs[0].Metadata, msgs[1].Metadata)
	}
	for _, fromEnd := range []bool{false, true} {
		got, err := fs.LoadMessages(id, LoadOptions{MetadataKey: "tag", FromEnd: fromEnd})
		must(t, err)
		if len(got) != 1 || got[0].ID != "m2" {
			t.Errorf("fromEnd %v: tagged messages %+v", fromEnd, got)
		}
		got, err = fs.LoadMessages(id, LoadOptions{Role: "user", FromEnd: fromEnd})
		must(t, err)
		if len(got) != 1 || got[0].ID != "m1" {
			t.Errorf("fromEnd %v: user messages %+v", fromEnd, got)
		}
	}
}

// TestLoadFromEndFollowsLeaf: after the branch point moved back, a load
// from the end reads the branch the leaf marker names, not the file's
// last messages.
func TestLoadFromEndFollowsLeaf(t *testing.T) {
	dir := t.TempDir()
	fs := NewFileStore(dir)
	w, err := fs.Create("/p", "")
	must(t, err)
	must(t, w.Append(&Entry{Type: TypeMessage, ID: "q", Message: textMsg(conv.User, "question")}))
	must(t, w.Append(&Entry{Type: TypeMessage, ID: "a1", Message: textMsg(conv.Assistant, "first answer")}))
	must(t, w.SetLeaf("q"))
	must(t, w.Append(&Entry{Type: TypeMessage, ID: "a2", Message: textMsg(conv.Assistant, "second answer")}))
	must(t, w.Append(&Entry{Type: TypeMessage, ID: "x", Message: textMsg(conv.User, "more")}))
	must(t, w.SetLeaf("a1"))
	id := w.SessionID()
	must(t, w.Close())
	for _, fromEnd := range []bool{false, true} {
		got, err := fs.LoadMessages(id, LoadOptions{FromEnd: fromEnd})
		must(t, err)
		var ids []string
		for _, m := range got {
			ids = append(ids, m.ID)
		}
		if strings.Join(ids, " ") != "q a1" {
			t.Errorf("fromEnd %v: branch %v, want q a1", fromEnd, ids)
		}
	}
}

// TestResolveAmbiguous names the first two matches, sorted, and counts
// the rest.
func TestResolveAmbiguous(t *testing.T) {
	dir := t.TempDir()
	for _, id := range []string{"abcd-3", "abcd-1", "abcd-2", "zzzz-9"} {
		name := "2026-01-01T00-00-00.000Z_" + id + fileSuffix
		must(t, os.WriteFile(filepath.Join(dir, name), []byte(`{"type":"session","id":"`+id+`"}`+"\n"), 0o600))
	}
	_, err := NewFileStore(dir).Resolve("abcd")
	if err == nil || !strings.Contains(err.Error(), `session id "abcd" is ambiguous: abcd-1, abcd-2 and 1 more`) {
		t.Errorf("Resolve = %v", err)
	}
	if _, err := NewFileStore(dir).Resolve(""); err == nil {
		t.Error("an empty id resolved")
	}
}
