package conv

import (
	"strings"
	"testing"
)

// TestMessageText: Text joins the text blocks in order, leaving the
// others out; a message of one text block gives that block's text
// itself, so a long answer is not copied to be printed or returned.
func TestMessageText(t *testing.T) {
	for _, c := range []struct {
		name   string
		blocks []Block
		want   string
	}{
		{"none", nil, ""},
		{"one", []Block{TextBlock("hello")}, "hello"},
		{"around a call", []Block{{Type: Thinking, Text: "hm"}, TextBlock("a "), {Type: ToolCall, ID: "c"}, TextBlock("b")}, "a b"},
		{"thinking only", []Block{{Type: Thinking, Text: "hm"}}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := &Message{Role: Assistant, Blocks: c.blocks}
			if got := m.Text(); got != c.want {
				t.Errorf("Text() = %q, want %q", got, c.want)
			}
		})
	}
	long := &Message{Role: Assistant, Blocks: []Block{{Type: Thinking, Text: "hm"}, TextBlock(strings.Repeat("x", 1<<20))}}
	if n := testing.AllocsPerRun(10, func() { _ = long.Text() }); n != 0 {
		t.Errorf("Text of one text block allocates %v times", n)
	}
	two := &Message{Role: Assistant, Blocks: []Block{TextBlock("a"), TextBlock("b")}}
	if n := testing.AllocsPerRun(10, func() { _ = two.Text() }); n > 1 {
		t.Errorf("Text of two blocks allocates %v times, want 1", n)
	}
}
