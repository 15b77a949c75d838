package app

import (
	"testing"

	"panto/agent/conv"
)

// TestReplayStart: a resume draws only about the rows asked for, from a
// user or assistant message, never from a tool result (which shows under
// its call).
func TestReplayStart(t *testing.T) {
	user := conv.Message{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("q")}}                             // 2 rows
	call := conv.Message{Role: conv.Assistant, Blocks: []conv.Block{{Type: conv.ToolCall, Name: "read"}}}        // 6 rows
	result := conv.Message{Role: conv.Tool, Blocks: []conv.Block{conv.TextBlock("a\nb\nc\nd")}}                  // drawn with its call
	answer := conv.Message{Role: conv.Assistant, Blocks: []conv.Block{conv.TextBlock("line 1\nline 2\nline 3")}} // 4 rows
	var turn []conv.Message
	for range 3 {
		turn = append(turn, user, call, result, answer) // 12 rows a turn
	}
	cases := []struct {
		name string
		ms   []conv.Message
		rows int
		want int
	}{
		{"everything fits", turn, 100, 0},
		{"the last turn", turn, 12, 8},
		// 13 rows reach into the second turn's answer: it starts there.
		{"from an answer", turn, 13, 7},
		// 17 rows reach the second turn's call; its result goes with it.
		{"from a call", turn, 17, 5},
		{"a result is never first", []conv.Message{call, result, answer}, 4, 2},
		{"nothing", nil, 10, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := replayStart(c.ms, c.rows); got != c.want {
				t.Errorf("replayStart = %d, want %d", got, c.want)
			}
		})
	}
}
