package history

import (
	"strings"
	"testing"

	"panto/agent/conv"
)

func call(id, name string) conv.Block {
	return conv.Block{Type: conv.ToolCall, ID: id, Name: name, Arguments: "{}"}
}

func result(id, text string) conv.Message {
	return conv.Message{Role: conv.Tool, ToolCallID: id, ToolName: "t", Blocks: []conv.Block{conv.TextBlock(text)}}
}

// shape writes a message list as "role:detail" words, to compare in
// one line.
func shape(msgs []conv.Message) string {
	var words []string
	for _, m := range msgs {
		w := string(m.Role)
		switch m.Role {
		case conv.Tool:
			w += ":" + m.ToolCallID
			if m.IsError {
				w += "!"
			}
		case conv.Assistant:
			for _, c := range m.ToolCalls() {
				w += ":" + c.ID
			}
		case conv.User:
			w += ":" + m.Text()
		}
		words = append(words, w)
	}
	return strings.Join(words, " ")
}

func TestPair(t *testing.T) {
	user := func(s string) conv.Message {
		return conv.Message{Role: conv.User, Blocks: []conv.Block{conv.TextBlock(s)}}
	}
	asst := func(calls ...conv.Block) conv.Message { return conv.Message{Role: conv.Assistant, Blocks: calls} }
	cases := []struct {
		name string
		in   []conv.Message
		want string
	}{
		{"already paired", []conv.Message{user("q"), asst(call("a", "x"), call("b", "y")), result("a", "1"), result("b", "2"), user("next")},
			"user:q assistant:a:b tool:a tool:b user:next"},
		{"results out of order are put in call order", []conv.Message{asst(call("a", "x"), call("b", "y")), result("b", "2"), result("a", "1")},
			"assistant:a:b tool:a tool:b"},
		{"a missing result becomes an error result", []conv.Message{asst(call("a", "x"), call("b", "y")), result("b", "2"), user("stop")},
			"assistant:a:b tool:a! tool:b user:stop"},
		{"an interrupted turn at the end", []conv.Message{user("q"), asst(call("a", "x"))},
			"user:q assistant:a tool:a!"},
		{"a result for no call becomes a user message", []conv.Message{user("q"), result("zz", "lost")},
			"user:q user:Result of t (call zz):lost"},
		{"a stray result after the batch", []conv.Message{asst(call("a", "x")), result("a", "1"), result("zz", "2")},
			"assistant:a tool:a user:Result of t (call zz):2"},
		{"a duplicate result", []conv.Message{asst(call("a", "x")), result("a", "1"), result("a", "again")},
			"assistant:a tool:a user:Result of t (call a):again"},
		{"system and compaction messages are left out", []conv.Message{{Role: conv.System}, user("q"), {Role: conv.Compaction}, asst(call("a", "x")), {Role: conv.System}, result("a", "1")},
			"user:q assistant:a tool:a"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := shape(c.in)
			got := Pair(c.in)
			if s := shape(got); s != c.want {
				t.Errorf("got  %s\nwant %s", s, c.want)
			}
			if shape(c.in) != before {
				t.Error("Pair modified its input")
			}
			for _, m := range got {
				if m.Role == conv.Tool && m.IsError && m.ToolCallID == "a" && len(c.in) > 0 && m.Text() != NotRun {
					t.Errorf("missing result text %q", m.Text())
				}
			}
		})
	}
}

func TestReplayable(t *testing.T) {
	m := conv.Message{API: "anthropic-messages", Model: "claude-x"}
	if !Replayable(m, "claude-x", "anthropic-messages", "anthropic") {
		t.Error("same API and model")
	}
	if Replayable(m, "claude-y", "anthropic-messages") {
		t.Error("another model cannot verify the signature")
	}
	if Replayable(m, "claude-x", "openai-responses") {
		t.Error("another API")
	}
	if !Replayable(conv.Message{}, "any", "x") {
		t.Error("unknown origin is taken to match")
	}
}
