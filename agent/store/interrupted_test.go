package store

import (
	"testing"

	"panto/agent/conv"
)

func TestInterruptedResults(t *testing.T) {
	call := func(id string) conv.Block {
		return conv.Block{Type: conv.ToolCall, ID: id, Name: "shell", Arguments: "{}"}
	}
	asst := conv.Message{ID: "a1", Role: conv.Assistant, Blocks: []conv.Block{call("c1"), call("c2")}}
	user := conv.Message{ID: "u1", Role: conv.User, Blocks: []conv.Block{conv.TextBlock("go")}}
	result := func(id string) conv.Message {
		return conv.Message{Role: conv.Tool, ToolCallID: id, ToolName: "shell", Blocks: []conv.Block{conv.TextBlock("done")}}
	}
	for _, c := range []struct {
		name    string
		started bool
		branch  []conv.Message
		want    []string // call ids answered as interrupted
	}{
		{"dispatched, no results", true, []conv.Message{user, asst}, []string{"c1", "c2"}},
		{"dispatched, one result", true, []conv.Message{user, asst, result("c2")}, []string{"c1"}},
		{"dispatched, all answered", true, []conv.Message{user, asst, result("c1"), result("c2")}, nil},
		{"never dispatched", false, []conv.Message{user, asst}, nil},
		{"not at the end", true, []conv.Message{user, asst, user}, nil},
		{"empty", true, nil, nil},
		// A branch may start with the calls (a file another program
		// wrote, or a transcript that begins with the model's turn).
		{"the branch's first message", true, []conv.Message{asst, result("c1")}, []string{"c2"}},
		{"only tool results", true, []conv.Message{result("c1")}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := &Session{byID: map[string]*Entry{}}
			if c.started {
				s.add(&Entry{Type: TypePantoToolsStarted, TargetID: "a1"})
			}
			got := s.InterruptedResults(c.branch)
			if len(got) != len(c.want) {
				t.Fatalf("got %d results, want %v", len(got), c.want)
			}
			for i, m := range got {
				if m.ToolCallID != c.want[i] || !m.IsError || m.Text() != Interrupted || m.Role != conv.Tool {
					t.Errorf("result %d: %+v", i, m)
				}
			}
		})
	}
}

// TestToolsStartedRoundTrip: the marker survives the file.
func TestToolsStartedRoundTrip(t *testing.T) {
	line, err := Marshal(&Entry{Type: TypePantoToolsStarted, ID: "e1", ParentID: "a1", TargetID: "a1"})
	if err != nil {
		t.Fatal(err)
	}
	e, err := Unmarshal(line)
	if err != nil || e.Type != TypePantoToolsStarted || e.TargetID != "a1" || e.InTree() {
		t.Fatalf("%s -> %+v, %v", line, e, err)
	}
}
