package conv

import (
	"strings"
	"testing"
)

func user(id, text string) Message {
	return Message{ID: id, Role: User, Blocks: []Block{TextBlock(text)}}
}

func TestActiveWithoutCompaction(t *testing.T) {
	c := &Conversation{}
	c.Append(Message{Role: System, Blocks: []Block{TextBlock("be brief")}})
	c.Append(user("u1", "hi"))
	c.Append(Message{ID: "a1", Role: Assistant, Blocks: []Block{TextBlock("hello"), {Type: ToolCall, ID: "c1", Name: "ls", Arguments: `{"path":"."}`}}})
	c.Append(Message{ID: "t1", Role: Tool, ToolCallID: "c1", ToolName: "ls", Blocks: []Block{TextBlock("a b")}})
	act := c.Active()
	if len(act) != 3 || act[0].Role != User || act[2].Role != Tool {
		t.Fatalf("active = %+v", act)
	}
	if c.SystemPrompt() != "be brief" {
		t.Errorf("system prompt %q", c.SystemPrompt())
	}
	want := "User: hi\n\nAssistant: hello\n\nTool call (ls): {\"path\":\".\"}\n\nTool result (ls): a b"
	if got := c.Transcript(); got != want {
		t.Errorf("transcript:\n%s\nwant:\n%s", got, want)
	}
}

func TestActiveAfterCompaction(t *testing.T) {
	c := &Conversation{}
	c.Append(user("u1", "one"))
	c.Append(Message{ID: "a1", Role: Assistant, Blocks: []Block{TextBlock("first")}})
	c.Append(user("u2", "two"))
	c.Append(Message{ID: "a2", Role: Assistant, Blocks: []Block{TextBlock("second")}})
	c.Append(Message{ID: "s1", Role: Compaction, FirstKept: "u2", Blocks: []Block{TextBlock("they said one")}})
	c.Append(user("u3", "three"))
	act := c.Active()
	var got []string
	for _, m := range act {
		got = append(got, string(m.Role)+":"+m.Text())
	}
	want := []string{"user:" + SummaryPrefix + "they said one", "user:two", "assistant:second", "user:three"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("active:\n%q\nwant:\n%q", got, want)
	}
	tr := c.Transcript()
	if !strings.HasPrefix(tr, "Summary: they said one\n\nUser: two") || strings.Contains(tr, "one\n\nAssistant: first") {
		t.Errorf("transcript not compaction-aware:\n%s", tr)
	}
}

func TestActiveCompactionKeepingNothing(t *testing.T) {
	c := &Conversation{}
	c.Append(user("u1", "one"))
	c.Append(Message{ID: "s1", Role: Compaction, Blocks: []Block{TextBlock("sum")}})
	if act := c.Active(); len(act) != 1 || act[0].Text() != SummaryPrefix+"sum" {
		t.Errorf("active = %+v", act)
	}
}

func TestCloneIsDeep(t *testing.T) {
	m := Message{Role: User, Blocks: []Block{TextBlock("x")}, Usage: &Usage{Input: 1}}
	c := m.Clone()
	c.Blocks[0].Text = "y"
	c.Usage.Input = 2
	if m.Blocks[0].Text != "x" || m.Usage.Input != 1 {
		t.Error("Clone shares state")
	}
}

func TestForgetCompacted(t *testing.T) {
	build := func() *Conversation {
		c := &Conversation{}
		c.Append(Message{Role: System, Blocks: []Block{TextBlock("be brief")}})
		c.Append(user("u1", "one"))
		c.Append(Message{ID: "a1", Role: Assistant, Blocks: []Block{TextBlock("first")}})
		c.Append(Message{ID: "s0", Role: Compaction, Blocks: []Block{TextBlock("an older summary")}})
		c.Append(user("u2", "two"))
		c.Append(Message{ID: "a2", Role: Assistant, Blocks: []Block{TextBlock("second")}})
		c.Append(Message{ID: "s1", Role: Compaction, FirstKept: "u2", Blocks: []Block{TextBlock("they said one")}})
		c.Append(user("u3", "three"))
		return c
	}
	c, whole := build(), build()
	if n := c.ForgetCompacted(); n != 3 {
		t.Fatalf("dropped %d, want 3 (u1, a1 and the older summary)", n)
	}
	if c.Offloaded != 3 || c.Len() != 5 || c.Messages[0].Role != System || c.Messages[1].ID != "u2" {
		t.Fatalf("left %d (offloaded %d): %+v", c.Len(), c.Offloaded, c.Messages)
	}
	// What the model sees and the transcript do not change.
	if c.Transcript() != whole.Transcript() || c.SystemPrompt() != whole.SystemPrompt() || len(c.Active()) != len(whole.Active()) {
		t.Error("forgetting changed what the model sees")
	}
	if c.ForgetCompacted() != 0 || c.Offloaded != 3 {
		t.Error("a second call dropped more")
	}
	// A summary that kept nothing: everything before it goes.
	c.Append(Message{ID: "s2", Role: Compaction, Blocks: []Block{TextBlock("all of it")}})
	if n := c.ForgetCompacted(); n != 4 || c.Len() != 2 || c.Messages[1].ID != "s2" {
		t.Errorf("dropped %d, left %+v", n, c.Messages)
	}
	if (&Conversation{Messages: []Message{user("u", "x")}}).ForgetCompacted() != 0 {
		t.Error("dropped without a compaction")
	}
}
