package store

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/agent/conv"
)

// TestNotASessionFile: a .jsonl file whose first line is not a session
// header (another tool's log, a message line, a header without an id)
// is never listed, nor taken by --continue, nor loaded; the newest real
// session is, and the others are named as passed over.
func TestNotASessionFile(t *testing.T) {
	dir := t.TempDir()
	fs, id := writeSession(t, dir, 1)
	real := pathOf(t, fs, id)
	others := map[string]string{
		"2099-01-01T00-00-00-000Z_aaaaaaaa.jsonl": `{"type":"message","id":"aaaaaaaa","parentId":null,"message":{"role":"user","content":"hi"}}` + "\n",
		"2099-01-01T00-00-00-000Z_bbbbbbbb.jsonl": `{"type":"session","version":3,"cwd":"/proj"}` + "\n",
		"2099-01-01T00-00-00-000Z_cccccccc.jsonl": `{"type":"sessions","id":"cccccccc","cwd":"/proj"}` + "\n",
		"2099-01-01T00-00-00-000Z_dddddddd.jsonl": "not json at all\n",
	}
	for name, data := range others {
		must(t, os.WriteFile(filepath.Join(dir, name), []byte(data), 0o600))
	}
	list, err := fs.List()
	must(t, err)
	if len(list) != 1 || list[0].ID != id {
		t.Errorf("listed %+v, want only %s", list, id)
	}
	latest, skipped, err := fs.LatestReadable()
	must(t, err)
	if latest == nil || latest.Path != real || len(skipped) != len(others) {
		t.Errorf("latest %+v, passed over %q; want %s after %d others", latest, skipped, real, len(others))
	}
	for name := range others {
		id := strings.TrimSuffix(name[strings.IndexByte(name, '_')+1:], ".jsonl")
		if _, err := fs.Load(id); err == nil {
			t.Errorf("%s loaded as a session", name)
		}
		if _, err := fs.LoadMessages(id, LoadOptions{FromEnd: true}); err == nil {
			t.Errorf("%s: messages loaded from its end", name)
		}
		if w, _, err := fs.OpenActive(id); err == nil {
			w.Close()
			t.Errorf("%s resumed", name)
		}
	}
}

// TestListShowsTheSummaryMetadata: a listing carries the session's
// metadata (an owned agent's run metadata) from its latest summary.
func TestListShowsTheSummaryMetadata(t *testing.T) {
	fs := NewFileStore(t.TempDir())
	w, err := fs.Create("/proj", "")
	must(t, err)
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "q1")}))
	must(t, w.Append(&Entry{Type: TypePantoSummary, Info: &Summary{MessageCount: 1, Metadata: json.RawMessage(`{"run":"old"}`)}}))
	must(t, w.Append(&Entry{Type: TypePantoSummary, Info: &Summary{MessageCount: 1, Metadata: json.RawMessage(`{"run":"r7"}`)}}))
	must(t, w.Close())
	list, err := fs.List()
	must(t, err)
	if len(list) != 1 || string(list[0].Metadata) != `{"run":"r7"}` {
		t.Errorf("list %+v, want the metadata {\"run\":\"r7\"}", list)
	}
}

// TestSetLeafOnAClosedWriter: moving the branch point of a closed
// session fails and moves nothing: a /tree that could not be saved is
// not reported as done.
func TestSetLeafOnAClosedWriter(t *testing.T) {
	fs := NewFileStore(t.TempDir())
	w, err := fs.Create("/proj", "")
	must(t, err)
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "q1")}))
	first := w.Leaf()
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.Assistant, "a1")}))
	last := w.Leaf()
	must(t, w.Close())
	if err := w.SetLeaf(first); err == nil {
		t.Error("SetLeaf on a closed writer succeeded")
	}
	if got := w.Leaf(); got != last {
		t.Errorf("leaf %s after a failed SetLeaf, want %s", got, last)
	}
}

// TestMaxBytesStopsAtTheFirstMessagePast: a byte bound takes messages
// up to the first one that does not fit, never a smaller one beyond it:
// the result stays a contiguous run of the branch.
func TestMaxBytesStopsAtTheFirstMessagePast(t *testing.T) {
	fs := NewFileStore(t.TempDir())
	w, err := fs.Create("/proj", "")
	must(t, err)
	for _, text := range []string{"old", strings.Repeat("big ", 500), "new"} {
		must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, text)}))
	}
	id := w.SessionID()
	must(t, w.Close())
	all, err := fs.LoadMessages(id, LoadOptions{})
	must(t, err)
	if len(all) != 3 {
		t.Fatalf("%d messages, want 3", len(all))
	}
	small := messageSize(&all[0]) + messageSize(&all[2])
	for _, c := range []struct {
		fromEnd bool
		want    string
	}{{false, "old"}, {true, "new"}} {
		msgs, err := fs.LoadMessages(id, LoadOptions{FromEnd: c.fromEnd, MaxBytes: small})
		must(t, err)
		var got []string
		for _, m := range msgs {
			got = append(got, m.Text())
		}
		if strings.Join(got, "|") != c.want {
			t.Errorf("from the end %v, max %d bytes: %q, want %q", c.fromEnd, small, got, c.want)
		}
	}
}

// TestAppendReportsAWriteFailure: an entry the file refused (a full
// disk, a removed mount) is an error, and it neither moves the leaf nor
// counts as written: the turn that produced it must not look saved.
func TestAppendReportsAWriteFailure(t *testing.T) {
	fs := NewFileStore(t.TempDir())
	w, err := fs.Create("/proj", "")
	must(t, err)
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "q1")}))
	leaf := w.Leaf()
	must(t, w.f.Close()) // every later write fails
	if err := w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.Assistant, "a1")}); err == nil {
		t.Error("a failed write was reported as appended")
	}
	if got := w.Leaf(); got != leaf {
		t.Errorf("leaf %s after a failed write, want %s", got, leaf)
	}
}

// TestBranchCopiesSpending: the spending a compaction carries is the
// conversation's own copy; changing it there leaves the session (and
// the next Branch built from it) as the file says.
func TestBranchCopiesSpending(t *testing.T) {
	fs := NewFileStore(t.TempDir())
	w, err := fs.Create("/proj", "")
	must(t, err)
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "q1")}))
	must(t, w.Append(&Entry{Type: TypeCompaction, Summary: "s", SpentBefore: []conv.Spend{{Provider: "p", Model: "m", Responses: 3}}}))
	id := w.SessionID()
	must(t, w.Close())
	s, err := fs.Load(id)
	must(t, err)
	first := s.Branch("")
	c := first.Messages[len(first.Messages)-1]
	if c.Role != conv.Compaction || len(c.SpentBefore) != 1 || c.SpentBefore[0].Responses != 3 {
		t.Fatalf("last message %+v, want the compaction with 3 responses spent", c)
	}
	c.SpentBefore[0].Responses = 99
	again := s.Branch("")
	if got := again.Messages[len(again.Messages)-1].SpentBefore[0].Responses; got != 3 {
		t.Errorf("after changing one branch's copy, the session says %d responses, want 3", got)
	}
}

// TestScalarMetadata: metadata that is a single digit (the shortest
// JSON there is) is kept like any other, in a whole load and from the
// end.
func TestScalarMetadata(t *testing.T) {
	fs := NewFileStore(t.TempDir())
	w, err := fs.Create("/p", "")
	must(t, err)
	must(t, w.Append(&Entry{Type: TypeMessage, ID: "m1", Message: textMsg(conv.User, "one")}))
	must(t, w.Append(&Entry{Type: TypePantoMetadata, TargetID: "m1", Metadata: json.RawMessage(`7`)}))
	id := w.SessionID()
	must(t, w.Close())
	s, err := fs.Load(id)
	must(t, err)
	if msgs := s.Branch("").Messages; len(msgs) != 1 || string(msgs[0].Metadata) != "7" {
		t.Errorf("loaded %+v, want the metadata 7", msgs)
	}
	for _, fromEnd := range []bool{false, true} {
		msgs, err := fs.LoadMessages(id, LoadOptions{FromEnd: fromEnd})
		must(t, err)
		if len(msgs) != 1 || string(msgs[0].Metadata) != "7" {
			t.Errorf("from the end %v: %+v, want the metadata 7", fromEnd, msgs)
		}
	}
}

// TestCreateWhereNoFolderCanBe: a sessions folder that cannot be made
// (a file stands in its way) fails Create at once, naming the problem,
// rather than the first message of the session.
func TestCreateWhereNoFolderCanBe(t *testing.T) {
	blocker := filepath.Join(t.TempDir(), "sessions")
	must(t, os.WriteFile(blocker, []byte("not a folder"), 0o600))
	w, err := NewFileStore(filepath.Join(blocker, "--proj--")).Create("/proj", "")
	if err == nil {
		w.Close()
		t.Fatal("Create succeeded where no folder can be made")
	}
	if !strings.Contains(err.Error(), blocker) {
		t.Errorf("error %q does not name the folder", err)
	}
}
