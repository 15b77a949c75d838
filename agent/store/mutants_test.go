package store

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sessionFile writes a closed session with one exchange and returns the
// store, the session's id and its file.
func sessionFile(t *testing.T) (*FileStore, string, string) {
	t.Helper()
	fs := NewFileStore(t.TempDir())
	w, err := fs.Create("/proj", "")
	must(t, err)
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg("user", "q1")}))
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg("assistant", "a1")}))
	id := w.SessionID()
	must(t, w.Close())
	files, err := filepath.Glob(filepath.Join(fs.Dir, "*.jsonl"))
	if err != nil || len(files) != 1 {
		t.Fatalf("session files %v (%v)", files, err)
	}
	return fs, id, files[0]
}

// TestListSkipsATornSummary: a process killed while writing a summary
// leaves a torn summary line last; listing still describes the session
// from what came before, instead of failing or stopping there.
func TestListSkipsATornSummary(t *testing.T) {
	fs, id, path := sessionFile(t)
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	must(t, err)
	_, err = f.WriteString(`{"type":"` + TypePantoSummary + `","id":"x","info":{"messageCo`)
	must(t, err)
	must(t, f.Close())
	list, err := fs.List()
	must(t, err)
	if len(list) != 1 || list[0].ID != id || list[0].MessageCount != 2 || list[0].LastUserMessage != "q1" {
		t.Errorf("list %+v, want the session with 2 messages, last asking q1", list)
	}
}

// TestReopenAddsNoBlankLines: opening a session again to append to it
// adds nothing when its file already ends in a newline.
func TestReopenAddsNoBlankLines(t *testing.T) {
	fs, id, path := sessionFile(t)
	for i := 0; i < 2; i++ {
		w, _, err := fs.Open(id)
		must(t, err)
		must(t, w.Close())
	}
	data, err := os.ReadFile(path)
	must(t, err)
	if bytes.Contains(data, []byte("\n\n")) {
		t.Errorf("the file has blank lines after two reopens:\n%s", data)
	}
}

// TestUserContentAsAString: pi may write a user message's content as a
// plain string; it reads as one text block.
func TestUserContentAsAString(t *testing.T) {
	fs, id, path := sessionFile(t)
	data, err := os.ReadFile(path)
	must(t, err)
	blocks := `[{"type":"text","text":"q1"}]`
	if !bytes.Contains(data, []byte(blocks)) {
		t.Fatalf("the file does not hold the user's content as %s:\n%s", blocks, data)
	}
	data = bytes.Replace(data, []byte(blocks), []byte(`"q1 as a string"`), 1)
	must(t, os.WriteFile(path, data, 0o600))
	s, err := fs.Load(id)
	must(t, err)
	var texts []string
	for _, e := range s.Entries {
		if e.Message != nil {
			texts = append(texts, string(e.Message.Role)+":"+e.Message.Text())
		}
	}
	if got := strings.Join(texts, "|"); got != "user:q1 as a string|assistant:a1" {
		t.Errorf("messages %q, problems %q", got, s.Problems)
	}
}

// TestAppendRefusesBadMetadata: metadata that is not JSON is refused,
// and nothing is written for it.
func TestAppendRefusesBadMetadata(t *testing.T) {
	fs := NewFileStore(t.TempDir())
	w, err := fs.Create("/proj", "")
	must(t, err)
	must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg("user", "q1")}))
	if err := w.Append(&Entry{Type: TypePantoMetadata, TargetID: w.Leaf(), Metadata: json.RawMessage(`{not json`)}); err == nil {
		t.Error("metadata that is not JSON was appended")
	}
	id := w.SessionID()
	must(t, w.Close())
	s, err := fs.Load(id)
	must(t, err)
	if len(s.Entries) != 1 || len(s.Problems) != 0 {
		t.Errorf("%d entries, problems %q; want the one message", len(s.Entries), s.Problems)
	}
}
