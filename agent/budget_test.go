package agent

import (
	"strings"
	"testing"

	"panto/agent/conv"
	"panto/agent/provider"
)

func TestNewBudget(t *testing.T) {
	cases := []struct {
		window, maxOutput    int64
		reserve, keep, limit int64
	}{
		// pi's figures on a large window.
		{200_000, 0, 16384, 20000, 183616},
		// A quarter reserved, two fifths of the rest kept.
		{32768, 0, 8192, 9830, 24576},
		{8192, 0, 2048, 2457, 6144},
		// A response limit above the quarter but within half the window
		// is reserved whole; a larger one is not.
		{32768, 12000, 12000, 8307, 20768},
		{32768, 20000, 8192, 9830, 24576},
		{0, 4096, 0, 0, 0},
	}
	for _, c := range cases {
		b := newBudget(c.window, c.maxOutput)
		if b.reserve != c.reserve || b.keep != c.keep || b.limit() != c.limit {
			t.Errorf("newBudget(%d, %d) = reserve %d keep %d limit %d, want %d %d %d",
				c.window, c.maxOutput, b.reserve, b.keep, b.limit(), c.reserve, c.keep, c.limit)
		}
		// What compaction keeps must leave room below its own trigger,
		// or it could never cut anything.
		if b.window > 0 && b.keep >= b.limit()/2 {
			t.Errorf("window %d: keeps %d of a %d limit", c.window, b.keep, b.limit())
		}
	}
}

func TestFitRequest(t *testing.T) {
	text := func(role conv.Role, s string) conv.Message {
		return conv.Message{Role: role, Blocks: []conv.Block{conv.TextBlock(s)}}
	}
	huge := strings.Repeat("x", 400_000) // ~100,000 tokens
	call := conv.Message{Role: conv.Assistant, Blocks: []conv.Block{{Type: conv.ToolCall, ID: "c", Name: "read", Arguments: `{"path":"` + strings.Repeat("p", 3000) + `"}`}}}
	conversation := []conv.Message{text(conv.User, "read it"), call, text(conv.Tool, huge)}
	req := &provider.Request{System: "be brief", Messages: conversation}
	const limit = 6000
	if n := fitRequest(req, limit, 1); n != 1 {
		t.Fatalf("cut %d texts, want 1", n)
	}
	if got := requestTokens(req); got > limit {
		t.Errorf("the request still estimates %d tokens, over %d", got, limit)
	}
	res := req.Messages[2].Text()
	if !strings.HasPrefix(res, "xxx") || !strings.Contains(res, "characters cut to fit the model's context window") {
		t.Errorf("the cut result: %.60q … %q", res, res[max(len(res)-120, 0):])
	}
	// The conversation keeps the whole text; the call's arguments stay
	// whole (they must remain valid JSON).
	if conversation[2].Text() != huge {
		t.Error("the conversation's message was cut too")
	}
	if req.Messages[1].Blocks[0].Arguments != call.Blocks[0].Arguments {
		t.Error("tool-call arguments were cut")
	}
	// A scale above 1 (the provider counts more tokens than estimated)
	// cuts more.
	req2 := &provider.Request{Messages: []conv.Message{text(conv.User, "read it"), call, text(conv.Tool, huge)}}
	fitRequest(req2, limit, 2)
	if got := 2 * requestTokens(req2); got > limit {
		t.Errorf("with scale 2 the request estimates %d tokens, over %d", got, limit)
	}
	// A request that fits is left alone.
	small := &provider.Request{Messages: []conv.Message{text(conv.User, "hi")}}
	if n := fitRequest(small, limit, 1); n != 0 || small.Messages[0].Text() != "hi" {
		t.Errorf("a small request was cut (%d)", n)
	}
	// One whose estimate is exactly the limit fits: nothing is cut.
	exact := &provider.Request{Messages: []conv.Message{text(conv.User, "q"), text(conv.Tool, strings.Repeat("y", 40_000))}}
	if n := fitRequest(exact, requestTokens(exact), 1); n != 0 || exact.Messages[1].Text() != strings.Repeat("y", 40_000) {
		t.Errorf("a request at exactly the limit was cut (%d)", n)
	}
	// The longest texts go first: of a 40,000- and a 1,000-character
	// result, only the first is cut when that is enough.
	two := &provider.Request{Messages: []conv.Message{text(conv.Tool, strings.Repeat("a", 40_000)), text(conv.Tool, strings.Repeat("b", 1000))}}
	if n := fitRequest(two, 5000, 1); n != 1 || two.Messages[1].Text() != strings.Repeat("b", 1000) {
		t.Errorf("cut %d texts; the short one is %d characters", n, len(two.Messages[1].Text()))
	}
}

func TestCutUTF8(t *testing.T) {
	s := "aé😀b" // a (1) é (2) 😀 (4) b (1)
	for n, want := range map[int]string{0: "", 1: "a", 2: "a", 3: "aé", 4: "aé", 6: "aé", 7: "aé😀", 20: s} {
		if got := cutUTF8(s, n); got != want {
			t.Errorf("cutUTF8(%d) = %q, want %q", n, got, want)
		}
	}
	// A cut inside a string's first rune keeps nothing of it.
	for n := 1; n < 4; n++ {
		if got := cutUTF8("😀b", n); got != "" {
			t.Errorf("cutUTF8(%q, %d) = %q, want nothing", "😀b", n, got)
		}
	}
}
