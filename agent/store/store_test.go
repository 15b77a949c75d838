package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"panto/agent/conv"
)

func textMsg(role conv.Role, s string) *conv.Message {
	return &conv.Message{Role: role, Blocks: []conv.Block{conv.TextBlock(s)}}
}

// writeSession writes a small linear session and returns its store and id.
func writeSession(t *testing.T, dir string, turns int) (*FileStore, string) {
	t.Helper()
	fs := NewFileStore(dir)
	w, err := fs.Create("/proj", "")
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < turns; i++ {
		must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, fmt.Sprintf("question %d", i))}))
		a := &conv.Message{Role: conv.Assistant, Provider: "p", Model: "m", StopReason: conv.StopToolUse,
			Usage: &conv.Usage{Input: 10, Output: 5, CacheRead: 2},
			Blocks: []conv.Block{
				{Type: conv.Thinking, Text: "hmm", Signature: "sig"},
				conv.TextBlock(fmt.Sprintf("answer %d", i)),
				{Type: conv.ToolCall, ID: fmt.Sprintf("call%d", i), Name: "ls", Arguments: `{"path":"."}`},
			}}
		must(t, w.Append(&Entry{Type: TypeMessage, Message: a}))
		must(t, w.Append(&Entry{Type: TypeMessage, Message: &conv.Message{Role: conv.Tool, ToolCallID: fmt.Sprintf("call%d", i), ToolName: "ls", Blocks: []conv.Block{conv.TextBlock("a b")}}}))
		must(t, w.Append(&Entry{Type: TypePantoSummary, Info: &Summary{MessageCount: 3 * (i + 1), LastUserMessage: fmt.Sprintf("question %d", i), Model: "p:m"}}))
	}
	id := w.SessionID()
	must(t, w.Close())
	return fs, id
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestRoundTrip(t *testing.T) {
	fs, id := writeSession(t, t.TempDir(), 2)
	s, err := fs.Load(id)
	must(t, err)
	if len(s.Problems) != 0 {
		t.Fatalf("problems: %v", s.Problems)
	}
	c := s.Branch("")
	if c.Len() != 6 {
		t.Fatalf("branch has %d messages", c.Len())
	}
	a := c.Messages[1]
	if a.Role != conv.Assistant || a.Usage == nil || a.Usage.CacheRead != 2 || a.StopReason != conv.StopToolUse ||
		a.Blocks[0].Signature != "sig" || a.Blocks[2].Arguments != `{"path":"."}` || a.Provider != "p" {
		t.Errorf("assistant message lost fields: %+v", a)
	}
	tr := c.Messages[2]
	if tr.Role != conv.Tool || tr.ToolCallID != "call0" || tr.ToolName != "ls" || tr.IsError {
		t.Errorf("tool result: %+v", tr)
	}
	if c.Messages[1].ParentID != c.Messages[0].ID || c.Messages[0].ParentID != "" {
		t.Error("parent links wrong")
	}
}

// TestPiWireFormat pins the fields pi's reader needs.
func TestPiWireFormat(t *testing.T) {
	fs, id := writeSession(t, t.TempDir(), 1)
	s, _ := fs.Load(id)
	data, err := os.ReadFile(filepath.Join(fs.Dir, filepath.Base(pathOf(t, fs, id))))
	must(t, err)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	var head map[string]any
	must(t, json.Unmarshal([]byte(lines[0]), &head))
	if head["type"] != "session" || head["version"] != float64(3) || head["id"] != s.Header.ID || head["cwd"] != "/proj" {
		t.Errorf("header %v", head)
	}
	var asst struct {
		Type     string  `json:"type"`
		ParentID *string `json:"parentId"`
		Message  struct {
			Role    string           `json:"role"`
			Content []map[string]any `json:"content"`
			Usage   map[string]any   `json:"usage"`
			Stop    string           `json:"stopReason"`
		} `json:"message"`
	}
	must(t, json.Unmarshal([]byte(lines[2]), &asst))
	if asst.Message.Role != "assistant" || asst.Message.Stop != "toolUse" || asst.ParentID == nil {
		t.Errorf("assistant entry %s", lines[2])
	}
	if c := asst.Message.Content; len(c) != 3 || c[0]["type"] != "thinking" || c[0]["thinkingSignature"] != "sig" ||
		c[2]["type"] != "toolCall" || c[2]["arguments"].(map[string]any)["path"] != "." {
		t.Errorf("content %v", asst.Message.Content)
	}
	if asst.Message.Usage["cacheRead"] != float64(2) || asst.Message.Usage["totalTokens"] != float64(17) {
		t.Errorf("usage %v", asst.Message.Usage)
	}
	var first map[string]any
	must(t, json.Unmarshal([]byte(lines[1]), &first))
	if first["parentId"] != nil {
		t.Errorf("the first entry's parentId must be null: %s", lines[1])
	}
}

func pathOf(t *testing.T, fs *FileStore, id string) string {
	p, err := fs.path(id)
	must(t, err)
	return p
}

// TestTruncatedAtEveryByte is a kill at every moment: whatever prefix of
// the file survives, it loads with every complete entry, and a torn last
// line is reported, never fatal.
func TestTruncatedAtEveryByte(t *testing.T) {
	fs, id := writeSession(t, t.TempDir(), 2)
	data, err := os.ReadFile(pathOf(t, fs, id))
	must(t, err)
	headerEnd := bytes.IndexByte(data, '\n') + 1
	for n := headerEnd; n <= len(data); n++ {
		prefix := data[:n]
		s, err := Parse(bytes.NewReader(prefix), "s.jsonl")
		if err != nil {
			t.Fatalf("prefix %d: %v", n, err)
		}
		complete := bytes.Count(prefix[headerEnd:], []byte("\n"))
		rest := prefix[bytes.LastIndexByte(prefix, '\n')+1:]
		// A last line missing only its newline is whole: it counts.
		_, restErr := Unmarshal(rest)
		torn := len(rest) > 0 && restErr != nil
		if len(rest) > 0 && restErr == nil {
			complete++
		}
		if len(s.Entries) != complete {
			t.Fatalf("prefix %d: %d entries, want %d", n, len(s.Entries), complete)
		}
		if torn != (len(s.Problems) == 1) {
			t.Fatalf("prefix %d: torn=%v problems=%v", n, torn, s.Problems)
		}
		if torn && !strings.Contains(s.Problems[0], "torn last entry") {
			t.Fatalf("problem text: %s", s.Problems[0])
		}
	}
}

// TestResumeAfterTornLine: appending after a torn line starts a fresh
// line, so the torn bytes stay skipped and the new entry is readable.
func TestResumeAfterTornLine(t *testing.T) {
	fs, id := writeSession(t, t.TempDir(), 1)
	p := pathOf(t, fs, id)
	data, _ := os.ReadFile(p)
	torn := append(data, []byte(`{"type":"message","id":"dead`)...)
	must(t, os.WriteFile(p, torn, 0o600))
	w, s, err := fs.Open(id)
	must(t, err)
	if len(s.Problems) != 1 {
		t.Fatalf("problems %v", s.Problems)
	}
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "after")}))
	must(t, w.Close())
	s2, err := fs.Load(id)
	must(t, err)
	c := s2.Branch("")
	if c.Len() != 4 || c.Last().Text() != "after" || len(s2.Problems) != 1 {
		t.Fatalf("after resume: %d messages, last %q, problems %v", c.Len(), c.Last().Text(), s2.Problems)
	}
	raw, _ := os.ReadFile(p)
	if !bytes.Contains(raw, []byte(`{"type":"message","id":"dead`+"\n")) {
		t.Error("the torn bytes must be kept")
	}
}

func TestLockedByAnotherWriter(t *testing.T) {
	fs, id := writeSession(t, t.TempDir(), 1)
	w, _, err := fs.Open(id)
	must(t, err)
	defer w.Close()
	if _, _, err := fs.Open(id); err == nil || !strings.Contains(err.Error(), ErrLocked.Error()) {
		t.Fatalf("second open: %v", err)
	}
}

func TestNothingWrittenWithoutEntries(t *testing.T) {
	dir := t.TempDir()
	fs := NewFileStore(dir)
	w, err := fs.Create("/proj", "")
	must(t, err)
	must(t, w.Close())
	if names, _ := os.ReadDir(dir); len(names) != 0 {
		t.Errorf("an empty session left %d files", len(names))
	}
}

func TestListAndResolve(t *testing.T) {
	dir := t.TempDir()
	var ids []string
	for i := 0; i < 3; i++ {
		_, id := writeSession(t, dir, i+1)
		ids = append(ids, id)
		// Distinct modification times, newest last.
		p := filepath.Join(dir, fileNameOf(t, dir, id))
		tm := time.Now().Add(time.Duration(i-10) * time.Minute)
		must(t, os.Chtimes(p, tm, tm))
	}
	fs := NewFileStore(dir)
	list, err := fs.ListBounded(2)
	must(t, err)
	if len(list) != 2 || list[0].ID != ids[2] || list[1].ID != ids[1] {
		t.Fatalf("list %+v", list)
	}
	if list[0].MessageCount != 9 || list[0].LastUserMessage != "question 2" || list[0].Model != "p:m" || list[0].Cwd != "/proj" {
		t.Errorf("info %+v", list[0])
	}
	latest, err := fs.Latest()
	must(t, err)
	if latest.ID != ids[2] {
		t.Errorf("latest %s", latest.ID)
	}
	all, _ := fs.List()
	if len(all) != 3 {
		t.Errorf("List: %d", len(all))
	}
	got, err := fs.Resolve(ids[0][:8])
	if err != nil || got != ids[0] {
		t.Errorf("Resolve prefix: %q %v", got, err)
	}
	if _, err := fs.Resolve("zzzz"); err == nil {
		t.Error("unknown id resolved")
	}
}

func fileNameOf(t *testing.T, dir, id string) string {
	des, _ := os.ReadDir(dir)
	for _, d := range des {
		if strings.Contains(d.Name(), id) {
			return d.Name()
		}
	}
	t.Fatalf("no file for %s", id)
	return ""
}

// TestInfoCountsMessagesAfterSummary: a turn killed before its summary
// still shows in the listing.
func TestInfoCountsMessagesAfterSummary(t *testing.T) {
	dir := t.TempDir()
	fs, id := writeSession(t, dir, 1)
	w, _, err := fs.Open(id)
	must(t, err)
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "unanswered")}))
	must(t, w.Close())
	info, err := fs.Latest()
	must(t, err)
	if info.MessageCount != 4 || info.LastUserMessage != "unanswered" {
		t.Errorf("info %+v", info)
	}
}

// TestInfoTakesTheLastUserMessageAfterSummary: with several prompts
// written after the latest summary (turns killed before theirs), the
// listing shows the last one, not the first the backward scan meets
// again.
func TestInfoTakesTheLastUserMessageAfterSummary(t *testing.T) {
	fs, id := writeSession(t, t.TempDir(), 1)
	w, _, err := fs.Open(id)
	must(t, err)
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "earlier")}))
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.Assistant, "half an answer")}))
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "latest")}))
	must(t, w.Close())
	info, err := fs.Latest()
	must(t, err)
	if info.MessageCount != 6 || info.LastUserMessage != "latest" {
		t.Errorf("info: %d messages, last user %q; want 6 and %q", info.MessageCount, info.LastUserMessage, "latest")
	}
}

func TestBranchesAndLeaf(t *testing.T) {
	fs := NewFileStore(t.TempDir())
	w, _ := fs.Create("/p", "")
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "root")}))
	root := w.Leaf()
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.Assistant, "first answer")}))
	must(t, w.SetLeaf(root))
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.Assistant, "second answer")}))
	id := w.SessionID()
	must(t, w.Close())
	s, err := fs.Load(id)
	must(t, err)
	c := s.Branch("")
	if c.Len() != 2 || c.Messages[1].Text() != "second answer" {
		t.Fatalf("current branch %+v", c.Messages)
	}
	if kids := s.Children(root); len(kids) != 2 {
		t.Errorf("children of root: %v", kids)
	}
	msgs, err := fs.LoadMessages(id, LoadOptions{FromEnd: true})
	must(t, err)
	if len(msgs) != 2 || msgs[1].Text() != "second answer" {
		t.Errorf("from end: %+v", msgs)
	}
}

func TestLoadMessagesBounds(t *testing.T) {
	fs, id := writeSession(t, t.TempDir(), 5)
	w, _, err := fs.Open(id)
	must(t, err)
	s, _ := fs.Load(id)
	target := s.Branch("").Messages[3].ID // "question 1"
	must(t, w.Append(&Entry{Type: TypePantoMetadata, TargetID: target, Metadata: json.RawMessage(`{"tag":1}`)}))
	must(t, w.Append(&Entry{Type: TypePantoMetadata, TargetID: target, Metadata: json.RawMessage(`{"tag":2,"pin":true}`)}))
	must(t, w.Close())
	cases := []struct {
		name string
		o    LoadOptions
		want []string
	}{
		{"last two users", LoadOptions{Limit: 2, FromEnd: true, Role: "user"}, []string{"question 3", "question 4"}},
		{"first two users", LoadOptions{Limit: 2, Role: "user"}, []string{"question 0", "question 1"}},
		{"metadata key", LoadOptions{MetadataKey: "pin"}, []string{"question 1"}},
		{"metadata key from end", LoadOptions{MetadataKey: "pin", FromEnd: true}, []string{"question 1"}},
		{"tool results", LoadOptions{Role: "tool", Limit: 1}, []string{"a b"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			msgs, err := fs.LoadMessages(id, c.o)
			must(t, err)
			var got []string
			for _, m := range msgs {
				got = append(got, m.Text())
			}
			if strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
	t.Run("max bytes", func(t *testing.T) {
		all, _ := fs.LoadMessages(id, LoadOptions{FromEnd: true})
		one := messageSize(&all[len(all)-1])
		msgs, err := fs.LoadMessages(id, LoadOptions{FromEnd: true, MaxBytes: one})
		must(t, err)
		if len(msgs) != 1 || msgs[0].ID != all[len(all)-1].ID {
			t.Errorf("max_bytes %d gave %d messages", one, len(msgs))
		}
	})
	t.Run("metadata applied", func(t *testing.T) {
		msgs, _ := fs.LoadMessages(id, LoadOptions{MetadataKey: "tag", FromEnd: true})
		if len(msgs) != 1 || string(msgs[0].Metadata) != `{"tag":2,"pin":true}` {
			t.Errorf("metadata: %+v", msgs)
		}
	})
}

func TestProjectDirDistinguishesLossyNames(t *testing.T) {
	a, b := ProjectDir("/r", "/a-b"), ProjectDir("/r", "/a/b")
	if a == b || !strings.HasPrefix(filepath.Base(a), "--a-b--") {
		t.Errorf("%s vs %s", a, b)
	}
}

func TestNullStore(t *testing.T) {
	w, err := NullStore{}.Create("/p", "")
	must(t, err)
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "x")}))
	if w.Leaf() == "" || w.SessionID() == "" {
		t.Error("the null store still assigns ids")
	}
	if list, _ := (NullStore{}).List(); len(list) != 0 {
		t.Error("null store lists sessions")
	}
}
