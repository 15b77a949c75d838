package anthropic

import (
	"strconv"
	"strings"
)

// Effort labels become extended thinking budgets ("thinking": {"type":
// "enabled", "budget_tokens": N}):
//
//	""  off  none    no thinking (the field is left out)
//	minimal          1,024 tokens (the API's minimum)
//	low              4,096
//	medium           10,240
//	high             24,576
//	xhigh  max       32,768
//	a number         that many tokens ("12000")
//
// The API wants the budget below max_tokens, and an answer needs room
// after the thinking, so a budget that leaves less than answerRoom tokens
// under max_tokens is lowered to max_tokens - answerRoom; below the
// minimum, thinking is left off. Thinking is also left off when
// tool_choice forces a tool, which the API refuses to combine with it.
var budgets = map[string]int{
	"minimal": 1024,
	"low":     4096,
	"medium":  10240,
	"high":    24576,
	"xhigh":   32768,
	"max":     32768,
}

// EffortLevels are the labels this protocol understands, in order, for
// resolve_model's check (numbers are accepted too, when configured).
var EffortLevels = []string{"off", "minimal", "low", "medium", "high", "xhigh"}

const (
	minBudget  = 1024
	answerRoom = 4096
)

// thinkingBudget is the budget for an effort label under maxTokens (0
// for no thinking); ok is false for a label it does not know.
func thinkingBudget(effort string, maxTokens int) (budget int, ok bool) {
	effort = strings.ToLower(strings.TrimSpace(effort))
	switch effort {
	case "", "off", "none":
		return 0, true
	}
	b, ok := budgets[effort]
	if !ok {
		n, err := strconv.Atoi(effort)
		if err != nil || n <= 0 {
			return 0, false
		}
		b = n
	}
	if b > maxTokens-answerRoom {
		b = maxTokens - answerRoom
	}
	if b < minBudget {
		return 0, true
	}
	return b, true
}

// defaultMaxTokens is max_tokens when neither the request nor the
// configuration sets it (the API requires the field). 32,000 is within
// the output limit of every Claude model from 3.7 on; the older families
// have smaller limits.
func defaultMaxTokens(model string) int {
	switch {
	case strings.HasPrefix(model, "claude-3-5"):
		return 8192
	case strings.HasPrefix(model, "claude-3-7"):
		return 32000
	case strings.HasPrefix(model, "claude-3"):
		return 4096
	}
	return 32000
}
