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

// TestPairDetails: what the repaired messages say: a missing result
// names its call's tool and is an error; a stray error result reads as
// an error, and one without a tool name as "a tool"; a result after an
// assistant message with no calls is stray too.
func TestPairDetails(t *testing.T) {
	asst := conv.Message{Role: conv.Assistant, Blocks: []conv.Block{call("a", "read"), call("b", "grep")}}
	got := Pair([]conv.Message{asst, result("b", "2")})
	if len(got) != 3 || got[1].ToolCallID != "a" || got[1].ToolName != "read" || !got[1].IsError || got[1].Text() != NotRun {
		t.Fatalf("the missing result is %+v, want read's error saying it did not run", got[1])
	}
	if got[2].ToolCallID != "b" || got[2].IsError || got[2].Text() != "2" {
		t.Errorf("the present result is %+v", got[2])
	}
	stray := conv.Message{Role: conv.Tool, ToolCallID: "zz", IsError: true, Blocks: []conv.Block{conv.TextBlock("boom")}}
	plain := conv.Message{Role: conv.Assistant, Blocks: []conv.Block{conv.TextBlock("no calls")}}
	got = Pair([]conv.Message{plain, stray})
	if len(got) != 2 || got[1].Role != conv.User || got[1].Text() != "Error from a tool (call zz):boom" {
		t.Errorf("the stray error result reads %q", shape(got))
	}
}

// TestReplayableEdges: a message with no model recorded matches any
// model, and any of the API's names matches.
func TestReplayableEdges(t *testing.T) {
	if !Replayable(conv.Message{API: "anthropic"}, "claude-y", "anthropic-messages", "anthropic") {
		t.Error("the API's second name does not match")
	}
	if Replayable(conv.Message{API: "anthropic"}, "claude-y") {
		t.Error("no API names: a recorded API cannot match")
	}
	if !Replayable(conv.Message{Model: "m"}, "m") {
		t.Error("same model, unknown API")
	}
}
