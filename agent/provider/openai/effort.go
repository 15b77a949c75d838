package openai

import (
	"fmt"
	"strings"

	"panto/agent/provider"
)

// Effort labels are OpenAI's own reasoning effort values, sent as
// reasoning_effort (Chat Completions) or reasoning.effort (Responses):
//
//	""  off          the field is left out (the model's default)
//	none             "none" (GPT-5.1 and later: no reasoning)
//	minimal          "minimal"
//	low              "low"
//	medium           "medium"
//	high             "high"
//	xhigh            "xhigh" (the models that offer it)
//
// Any other label is passed through unchanged: OpenAI-compatible
// servers accept values of their own, and the configuration's
// reasoning list (checked by resolve_model) is where labels are
// restricted.
var EffortLevels = []string{"off", "none", "minimal", "low", "medium", "high", "xhigh"}

// effort is the value to send, "" for none.
func effort(label string) (string, error) {
	l := strings.ToLower(strings.TrimSpace(label))
	switch l {
	case "", "off":
		return "", nil
	}
	if strings.ContainsAny(l, " \t\n\"") {
		return "", &provider.Error{Kind: provider.InvalidRequest, Message: fmt.Sprintf("bad effort label %q", label)}
	}
	return l, nil
}

// toolChoice maps resolve_model's tool_choice onto the value both APIs
// take, with the function's form given by named (Chat Completions nests
// the name in "function", Responses does not). nil is the API's
// default ("auto").
func toolChoice(c provider.ToolChoice, named func(string) any) (any, error) {
	switch c.Mode {
	case "", "auto":
		return nil, nil
	case "none", "required":
		return c.Mode, nil
	case "tool":
		if c.Name == "" {
			return nil, &provider.Error{Kind: provider.InvalidRequest, Message: "tool_choice names no tool"}
		}
		return named(c.Name), nil
	}
	return nil, &provider.Error{Kind: provider.InvalidRequest, Message: fmt.Sprintf("unknown tool_choice %q", c.Mode)}
}
