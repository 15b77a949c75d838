package anthropic

import (
	"strconv"
	"strings"
)

// Claude models from 4.6 on think adaptively: the request says
// thinking {"type": "adaptive"} and how hard to think as
// output_config {"effort": ...}, and several of them (Opus 4.7, Sonnet 5,
// the 5.x models) refuse a token budget ("enabled" with budget_tokens)
// with a 400. Older models know only the budget. The model id tells
// which: claude-<family>-<major>[-<minor>][-<date>].

// adaptiveThinking reports whether model thinks adaptively.
func adaptiveThinking(model string) bool {
	rest, ok := strings.CutPrefix(model, "claude-")
	if !ok {
		return false
	}
	parts := strings.Split(rest, "-")
	if len(parts) < 2 {
		return false
	}
	// claude-3-5-sonnet-... puts the version first: old.
	if _, err := strconv.Atoi(parts[0]); err == nil {
		return false
	}
	major, err := strconv.Atoi(parts[1])
	if err != nil {
		return false
	}
	minor := 0
	if len(parts) > 2 && len(parts[2]) <= 2 { // not a date
		minor, _ = strconv.Atoi(parts[2])
	}
	return major > 4 || major == 4 && minor >= 6
}

// adaptiveEfforts map panto's labels onto the API's effort levels.
var adaptiveEfforts = map[string]string{
	"minimal": "low",
	"low":     "low",
	"medium":  "medium",
	"high":    "high",
	"xhigh":   "max",
	"max":     "max",
}

// adaptiveEffort is the effort level for a label ("" for none: the
// model's default, thinking as it sees fit); ok is false for a label or
// a token budget it cannot express.
func adaptiveEffort(label string) (effort string, ok bool) {
	label = strings.ToLower(strings.TrimSpace(label))
	switch label {
	case "", "off", "none":
		// Several adaptive models cannot turn thinking off; leaving the
		// field out is each model's default.
		return "", true
	}
	e, ok := adaptiveEfforts[label]
	return e, ok
}
