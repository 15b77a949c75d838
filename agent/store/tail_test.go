package store

import (
	"os"
	"strings"
	"testing"

	"panto/agent/conv"
)

// TestOpenActive: a resume that reads only the file's tail sees the same
// conversation as one that parses the whole file: the same messages
// held, the same count left out, the same leaf; and it keeps working
// where the tail cannot be trusted (a system message, a torn line).
func TestOpenActive(t *testing.T) {
	msg := func(role conv.Role, text string) *Entry {
		return &Entry{Type: TypeMessage, Message: &conv.Message{Role: role, Blocks: []conv.Block{conv.TextBlock(text)}}}
	}
	summary := func(n int) *Entry {
		return &Entry{Type: TypePantoSummary, Info: &Summary{MessageCount: n, Model: "p:m"}}
	}
	cases := []struct {
		name    string
		entries func(w *Writer) []*Entry
		partial bool
		after   func(t *testing.T, path string)
	}{
		{"no compaction: the whole branch", func(*Writer) []*Entry {
			return []*Entry{msg(conv.User, "q1"), msg(conv.Assistant, "a1"), summary(2)}
		}, true, nil},
		{"two compactions", func(w *Writer) []*Entry {
			q2, q3 := msg(conv.User, "q2"), msg(conv.User, "q3")
			q2.ID, q3.ID = w.NewID(), w.NewID()
			return []*Entry{{Type: TypeModelChange, Provider: "p", Model: "m"}, msg(conv.User, "q1"), msg(conv.Assistant, "a1"), q2, msg(conv.Assistant, "a2"),
				{Type: TypeCompaction, Summary: "s1", FirstKept: q2.ID}, summary(5), q3, msg(conv.Assistant, "a3"),
				{Type: TypeCompaction, Summary: "s2", FirstKept: q3.ID}, msg(conv.User, "q4"), summary(9)}
		}, true, nil},
		{"a summary that kept nothing", func(*Writer) []*Entry {
			return []*Entry{msg(conv.User, "q1"), {Type: TypeCompaction, Summary: "s1"}, msg(conv.User, "q2"), summary(3)}
		}, true, nil},
		{"a system message: the whole file", func(w *Writer) []*Entry {
			q2 := msg(conv.User, "q2")
			q2.ID = w.NewID()
			return []*Entry{{Type: TypePantoMessage, Message: &conv.Message{Role: conv.System, Blocks: []conv.Block{conv.TextBlock("be brief")}}},
				msg(conv.User, "q1"), q2, {Type: TypeCompaction, Summary: "s1", FirstKept: q2.ID}, summary(4)}
		}, false, nil},
		{"a leaf moved back (/tree): the branch it names", func(w *Writer) []*Entry {
			q1, a1 := msg(conv.User, "q1"), msg(conv.Assistant, "a1")
			q1.ID, a1.ID = w.NewID(), w.NewID()
			return []*Entry{q1, a1, msg(conv.User, "q2"), msg(conv.Assistant, "a2"), {Type: TypePantoLeaf, TargetID: a1.ID}}
		}, true, nil},
		{"a compaction on an abandoned branch", func(w *Writer) []*Entry {
			a1, q2, q3 := msg(conv.Assistant, "a1"), msg(conv.User, "q2"), msg(conv.User, "q3")
			a1.ID, q2.ID = w.NewID(), w.NewID()
			q3.ParentID = a1.ID // /tree back to a1, then a new message
			return []*Entry{msg(conv.User, "q1"), a1, q2, msg(conv.Assistant, "a2"),
				{Type: TypeCompaction, Summary: "s", FirstKept: q2.ID}, summary(4),
				q3, msg(conv.Assistant, "a3"), summary(4)}
		}, true, nil},
		{"a leaf moved before the first entry: an empty branch", func(w *Writer) []*Entry {
			return []*Entry{msg(conv.User, "q1"), msg(conv.Assistant, "a1"), {Type: TypePantoLeaf}}
		}, true, nil},
		{"kept from the summary's own parent", func(w *Writer) []*Entry {
			a1 := msg(conv.Assistant, "a1")
			a1.ID = w.NewID()
			return []*Entry{msg(conv.User, "q1"), a1, {Type: TypeCompaction, Summary: "s1", FirstKept: a1.ID}, msg(conv.User, "q2"), summary(4)}
		}, true, nil},
		{"a first entry whose parent is not in the file: the whole file", func(*Writer) []*Entry {
			q1 := msg(conv.User, "q1")
			q1.ParentID = "0badc0de" // a file cut from another session's
			return []*Entry{q1, msg(conv.Assistant, "a1"), summary(2)}
		}, false, nil},
		{"a corrupt line inside the tail: the whole file", func(*Writer) []*Entry {
			return []*Entry{msg(conv.User, "q1"), msg(conv.Assistant, "a1"), msg(conv.User, "q2")}
		}, false, func(t *testing.T, path string) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.SplitAfter(string(data), "\n")
			// Before the last entry: the backward walk meets it first.
			lines = append(lines[:len(lines)-2], append([]string{"{\"type\":\"message\",\"id\":\n"}, lines[len(lines)-2:]...)...)
			if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o600); err != nil {
				t.Fatal(err)
			}
		}},
		{"a torn last line: the whole file", func(*Writer) []*Entry {
			return []*Entry{msg(conv.User, "q1"), {Type: TypeCompaction, Summary: "s1"}, msg(conv.User, "q2")}
		}, false, func(t *testing.T, path string) {
			f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
			f.WriteString(`{"type":"message","id":"0bad`)
			f.Close()
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
			if c.after != nil {
				c.after(t, w.Path())
			}
			full, err := fs.Load(w.SessionID())
			if err != nil {
				t.Fatal(err)
			}
			want := full.ActiveBranch("")
			w2, tail, err := fs.OpenActive(w.SessionID())
			if err != nil {
				t.Fatal(err)
			}
			defer w2.Close()
			if tail.partial != c.partial {
				t.Errorf("partial %v, want %v", tail.partial, c.partial)
			}
			got := tail.ActiveBranch("")
			if tail.Leaf != full.Leaf || got.Len() != want.Len() || got.Offloaded != want.Offloaded {
				t.Fatalf("leaf %s, %d held, %d offloaded; want %s, %d, %d", tail.Leaf, got.Len(), got.Offloaded, full.Leaf, want.Len(), want.Offloaded)
			}
			for i := range got.Messages {
				if got.Messages[i].ID != want.Messages[i].ID {
					t.Errorf("message %d is %s, want %s", i, got.Messages[i].ID, want.Messages[i].ID)
				}
			}
			// The writer knows the ids of the part it did not parse.
			for _, e := range full.Entries {
				if n, ok := hexID(e.ID); ok {
					if _, used := w2.ids[n]; !used {
						t.Errorf("id %s is not known to the writer", e.ID)
					}
				}
			}
		})
	}
}

// TestOpenActiveStopsAtTheSummary: a resume reads back only to what the
// latest summary kept and no further, so a long session resumes at the
// cost of its tail: a torn line from an old kill, before that point,
// is never read (reading it would fall back to parsing the whole file).
func TestOpenActiveStopsAtTheSummary(t *testing.T) {
	msg := func(role conv.Role, text string) *Entry {
		return &Entry{Type: TypeMessage, Message: &conv.Message{Role: role, Blocks: []conv.Block{conv.TextBlock(text)}}}
	}
	cases := []struct {
		name    string
		entries func(w *Writer) []*Entry
		held    []string // the resumed branch's texts
	}{
		{"a summary that kept nothing", func(*Writer) []*Entry {
			return []*Entry{msg(conv.User, "q1"), msg(conv.Assistant, "a1"), {Type: TypeCompaction, Summary: "s1"}, msg(conv.User, "q2")}
		}, []string{"s1", "q2"}},
		{"a summary that kept a message", func(w *Writer) []*Entry {
			a1 := msg(conv.Assistant, "a1")
			a1.ID = w.NewID()
			return []*Entry{msg(conv.User, "q1"), a1, {Type: TypeCompaction, Summary: "s1", FirstKept: a1.ID}, msg(conv.User, "q2")}
		}, []string{"a1", "s1", "q2"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := NewFileStore(t.TempDir())
			w, err := fs.Create("/p", "")
			must(t, err)
			for _, e := range c.entries(w) {
				must(t, w.Append(e))
			}
			must(t, w.Close())
			data, err := os.ReadFile(w.Path())
			must(t, err)
			header, rest, _ := strings.Cut(string(data), "\n")
			must(t, os.WriteFile(w.Path(), []byte(header+"\n"+`{"type":"message","id":"0bad`+"\n"+rest), 0o600))
			w2, tail, err := fs.OpenActive(w.SessionID())
			must(t, err)
			defer w2.Close()
			if !tail.partial {
				t.Error("the resume parsed the whole file")
			}
			var got []string
			for _, m := range tail.ActiveBranch("").Messages {
				got = append(got, m.Text())
			}
			if strings.Join(got, "|") != strings.Join(c.held, "|") {
				t.Errorf("resumed %q, want %q", got, c.held)
			}
		})
	}
}
