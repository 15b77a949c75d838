package store

import (
	"testing"

	"panto/agent/conv"
)

// TestActiveBranch: a resume's branch holds what the whole branch holds
// after ForgetCompacted: the same messages, the same count left out.
func TestActiveBranch(t *testing.T) {
	msg := func(role conv.Role, text string) *Entry {
		return &Entry{Type: TypeMessage, Message: &conv.Message{Role: role, Blocks: []conv.Block{conv.TextBlock(text)}}}
	}
	cases := []struct {
		name    string
		entries func(w *Writer) []*Entry
	}{
		{"no compaction", func(*Writer) []*Entry {
			return []*Entry{msg(conv.User, "q1"), msg(conv.Assistant, "a1")}
		}},
		{"kept from a message", func(w *Writer) []*Entry {
			q2 := msg(conv.User, "q2")
			q2.ID = w.NewID()
			return []*Entry{msg(conv.System, "be brief"), msg(conv.User, "q1"), msg(conv.Assistant, "a1"), q2, msg(conv.Assistant, "a2"),
				{Type: TypeCompaction, Summary: "s1", FirstKept: q2.ID}, msg(conv.User, "q3")}
		}},
		{"kept from the summary's own parent", func(w *Writer) []*Entry {
			a1 := msg(conv.Assistant, "a1")
			a1.ID = w.NewID()
			return []*Entry{msg(conv.User, "q1"), a1, {Type: TypeCompaction, Summary: "s1", FirstKept: a1.ID}, msg(conv.User, "q2")}
		}},
		{"kept an id that is not on the branch", func(*Writer) []*Entry {
			return []*Entry{msg(conv.User, "q1"), msg(conv.Assistant, "a1"), {Type: TypeCompaction, Summary: "s1", FirstKept: "0badc0de"}, msg(conv.User, "q2")}
		}},
		{"kept nothing, twice", func(*Writer) []*Entry {
			return []*Entry{msg(conv.User, "q1"), {Type: TypeCompaction, Summary: "s1"}, msg(conv.User, "q2"), {Type: TypeCompaction, Summary: "s2"}, msg(conv.User, "q3")}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := NewFileStore(t.TempDir())
			w, err := fs.Create("/p", "")
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range c.entries(w) {
				if err := w.Append(e); err != nil {
					t.Fatal(err)
				}
			}
			w.Close()
			sess, err := fs.Load(w.SessionID())
			if err != nil {
				t.Fatal(err)
			}
			want := sess.Branch("")
			want.ForgetCompacted()
			got := sess.ActiveBranch("")
			if got.Offloaded != want.Offloaded || got.Len() != want.Len() {
				t.Fatalf("%d held, %d offloaded; want %d, %d", got.Len(), got.Offloaded, want.Len(), want.Offloaded)
			}
			for i := range got.Messages {
				if got.Messages[i].ID != want.Messages[i].ID {
					t.Errorf("message %d is %s, want %s", i, got.Messages[i].ID, want.Messages[i].ID)
				}
			}
			if got.Transcript() != want.Transcript() {
				t.Error("the transcripts differ")
			}
		})
	}
}
