package agent

import (
	"fmt"
	"strings"
	"testing"
)

// TestTextThenThinkingThenText: a reply that interleaves text and
// reasoning shows each block whole: the first text block completes
// before the reasoning starts, and the text after it is a block of its
// own, never appended to the first.
func TestTextThenThinkingThenText(t *testing.T) {
	ts := newSession(t, map[string]string{
		"turns.jsonl": `{"events": [{"text": "first"}, {"thinking": "pondering"}, {"text": "second"}]}` + "\n",
	})
	res := ts.prompt("go")
	ts.noProblems()
	if res.Status != "completed" {
		t.Fatalf("turn %s: %v", res.Status, res.Err)
	}
	var seq []string
	ts.mu.Lock()
	for _, e := range ts.events {
		switch e.Type {
		case "assistant_text_complete", "thinking_complete":
			seq = append(seq, fmt.Sprintf("%s(%v)", e.Type, e.Fields["text"]))
		case "thinking_delta":
			if len(seq) == 0 || seq[len(seq)-1] != "thinking_delta" {
				seq = append(seq, e.Type)
			}
		}
	}
	ts.mu.Unlock()
	got := strings.Join(seq, " ")
	want := "assistant_text_complete(first) thinking_delta thinking_complete(pondering) assistant_text_complete(second)"
	if got != want {
		t.Errorf("block events:\n got %s\nwant %s", got, want)
	}
}
