package anthropic

import (
	"strconv"
	"testing"

	"panto/agent/provider"
	"panto/agent/provider/internal/wiretest"
)

// TestThinkingBudgetEdges: numeric efforts must be positive, budgets
// leave answerRoom under max_tokens, and a budget under the API's
// minimum turns thinking off.
func TestThinkingBudgetEdges(t *testing.T) {
	for _, c := range []struct {
		effort    string
		maxTokens int
		budget    int
		ok        bool
	}{
		{"0", 32000, 0, false},
		{"-5", 32000, 0, false},
		{"lots", 32000, 0, false},
		{" OFF ", 32000, 0, true},
		{"", 32000, 0, true},
		{strconv.Itoa(minBudget), 32000, minBudget, true},
		{strconv.Itoa(minBudget - 1), 32000, 0, true},
		{"20000", 20000, 20000 - answerRoom, true},
		{"20000", minBudget + answerRoom, minBudget, true},
		{"20000", minBudget + answerRoom - 1, 0, true},
		{"low", 32000, budgets["low"], true},
	} {
		t.Run(c.effort+"/"+strconv.Itoa(c.maxTokens), func(t *testing.T) {
			b, ok := thinkingBudget(c.effort, c.maxTokens)
			if b != c.budget || ok != c.ok {
				t.Errorf("thinkingBudget(%q, %d) = %d, %v; want %d, %v", c.effort, c.maxTokens, b, ok, c.budget, c.ok)
			}
		})
	}
}

// TestArgumentsObjectOnly: only a JSON object (after any whitespace) is
// sent as a call's input; anything else becomes the empty object.
func TestArgumentsObjectOnly(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1}`:          `{"a":1}`,
		" \t\r\n{\"a\":1}": " \t\r\n{\"a\":1}",
		`[1]`:              `{}`,
		`"text"`:           `{}`,
		` 7`:               `{}`,
		`{"a":`:            `{}`,
		``:                 `{}`,
	} {
		if got := string(arguments(in)); got != want {
			t.Errorf("arguments(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestMarkLastBlockEveryKind: the cache breakpoint lands on the last
// block of the last message whatever its kind, and only there.
func TestMarkLastBlockEveryKind(t *testing.T) {
	kinds := []any{textBlock{Type: "text"}, imageBlock{Type: "image"}, toolResultBlock{Type: "tool_result"}, toolUseBlock{Type: "tool_use"}}
	marked := func(b any) bool {
		switch b := b.(type) {
		case textBlock:
			return b.CacheControl != nil
		case imageBlock:
			return b.CacheControl != nil
		case toolResultBlock:
			return b.CacheControl != nil
		case toolUseBlock:
			return b.CacheControl != nil
		}
		return false
	}
	for _, last := range kinds {
		msgs := []message{
			{Role: "user", Content: []any{textBlock{Type: "text"}}},
			{Role: "assistant", Content: []any{textBlock{Type: "text"}, last}},
		}
		markLastBlock(msgs)
		if !marked(msgs[1].Content[1]) {
			t.Errorf("%T: not marked", last)
		}
		if marked(msgs[1].Content[0]) || marked(msgs[0].Content[0]) {
			t.Errorf("%T: an earlier block was marked", last)
		}
	}
	markLastBlock(nil)
	markLastBlock([]message{{Role: "user"}})
}

// TestDefaultMaxTokens: each model family's output limit.
func TestDefaultMaxTokens(t *testing.T) {
	for model, want := range map[string]int{
		"claude-3-5-sonnet-20241022": 8192,
		"claude-3-7-sonnet-20250219": 32000,
		"claude-3-opus-20240229":     4096,
		"claude-3-haiku-20240307":    4096,
		"claude-sonnet-4-5":          32000,
	} {
		if got := defaultMaxTokens(model); got != want {
			t.Errorf("defaultMaxTokens(%s) = %d, want %d", model, got, want)
		}
	}
}

// TestExtraHeadersSent: a provider's headers reach the server, beside
// (and able to override) the protocol's own.
func TestExtraHeadersSent(t *testing.T) {
	srv := wiretest.NewServer(t, wiretest.Reply{Body: wiretest.Fixture(t, "text.sse")})
	st, err := open(t, srv, func(r *provider.Request) {
		r.Headers = map[string]string{"X-Route": "blue", "Anthropic-Beta": "b1"}
	})
	if err != nil {
		t.Fatal(err)
	}
	wiretest.Collect(t, st)
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests", len(reqs))
	}
	h := reqs[0].Header
	if h.Get("X-Route") != "blue" || h.Get("Anthropic-Beta") != "b1" || h.Get("Anthropic-Version") != APIVersion {
		t.Errorf("headers %v", h)
	}
}
