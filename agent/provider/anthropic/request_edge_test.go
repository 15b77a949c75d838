package anthropic

import (
	"strconv"
	"testing"
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
		`{"a":1}`:         `{"a":1}`,
		" \t\r\n{\"a\":1}": " \t\r\n{\"a\":1}",
		`[1]`:             `{}`,
		`"text"`:          `{}`,
		` 7`:              `{}`,
		`{"a":`:           `{}`,
		``:                `{}`,
	} {
		if got := string(arguments(in)); got != want {
			t.Errorf("arguments(%q) = %q, want %q", in, got, want)
		}
	}
}
