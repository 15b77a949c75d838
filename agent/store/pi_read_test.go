package store

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"panto/agent/conv"
)

// piBranch reads a session file the way pi's session manager does when it
// opens one: the leaf is the file's last entry, the conversation is the
// chain of parentId links from it up to the root, and entries whose type
// pi does not know contribute nothing. It returns the texts of the
// message entries on that chain, root first.
func piBranch(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	must(t, err)
	defer f.Close()
	type entry struct {
		Type     string  `json:"type"`
		ID       string  `json:"id"`
		ParentID *string `json:"parentId"`
		Message  struct {
			Content []struct {
				Type string `json:"type"`
				Text string `json:"text"`
			} `json:"content"`
		} `json:"message"`
	}
	byID := map[string]*entry{}
	var last *entry
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		e := new(entry)
		must(t, json.Unmarshal(sc.Bytes(), e))
		if e.Type == "session" {
			continue
		}
		byID[e.ID], last = e, e
	}
	var texts []string
	for e := last; e != nil; {
		if e.Type == "message" {
			text := ""
			for _, c := range e.Message.Content {
				text += c.Text
			}
			texts = append([]string{text}, texts...)
		}
		if e.ParentID == nil {
			break
		}
		e = byID[*e.ParentID]
	}
	return texts
}

func branchTexts(c *conv.Conversation) []string {
	var texts []string
	for _, m := range c.Messages {
		texts = append(texts, m.Text())
	}
	return texts
}

// TestPiReadsTheSameBranch: whatever panto appends after the messages
// (the listing summary, metadata, a moved branch point with nothing sent
// yet), pi's reading of the file ends on the branch panto resumes.
func TestPiReadsTheSameBranch(t *testing.T) {
	check := func(t *testing.T, fs *FileStore, w *Writer) {
		t.Helper()
		id, path := w.SessionID(), w.Path()
		must(t, w.Close())
		s, err := fs.Load(id)
		must(t, err)
		want, got := branchTexts(s.Branch("")), piBranch(t, path)
		if len(want) == 0 || len(got) != len(want) {
			t.Fatalf("pi reads %q, panto %q", got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("pi reads %q, panto %q", got, want)
			}
		}
	}
	t.Run("summary and metadata after the turn", func(t *testing.T) {
		fs := NewFileStore(t.TempDir())
		w, err := fs.Create("/p", "")
		must(t, err)
		must(t, w.Append(&Entry{Type: TypeModelChange, Provider: "p", Model: "m"}))
		must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "hi")}))
		must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.Assistant, "hello")}))
		must(t, w.Append(&Entry{Type: TypePantoSummary, Info: &Summary{MessageCount: 2}}))
		must(t, w.Append(&Entry{Type: TypePantoMetadata, TargetID: w.Leaf(), Metadata: json.RawMessage(`{"k":1}`)}))
		check(t, fs, w)
	})
	t.Run("branch point moved, nothing sent", func(t *testing.T) {
		fs := NewFileStore(t.TempDir())
		w, err := fs.Create("/p", "")
		must(t, err)
		must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "first")}))
		root := w.Leaf()
		must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.Assistant, "answer")}))
		must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "second")}))
		must(t, w.SetLeaf(root))
		check(t, fs, w)
	})
	t.Run("branch point moved, then a message", func(t *testing.T) {
		fs := NewFileStore(t.TempDir())
		w, err := fs.Create("/p", "")
		must(t, err)
		must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.User, "first")}))
		root := w.Leaf()
		must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.Assistant, "answer")}))
		must(t, w.SetLeaf(root))
		must(t, w.Append(&Entry{Type: TypeMessage, Message: textMsg(conv.Assistant, "another answer")}))
		check(t, fs, w)
	})
}
