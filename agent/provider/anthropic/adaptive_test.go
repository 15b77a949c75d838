package anthropic

import (
	"encoding/json"
	"strings"
	"testing"

	"panto/agent/conv"
	"panto/agent/provider"
)

func TestAdaptiveThinking(t *testing.T) {
	for model, want := range map[string]bool{
		"claude-opus-5-5": true, "claude-sonnet-5": true, "claude-haiku-5-5": true, "claude-fable-5-1": true,
		"claude-opus-4-6": true, "claude-sonnet-4-6": true, "claude-opus-4-7": true,
		"claude-sonnet-4-5": false, "claude-sonnet-4-5-20250929": false, "claude-opus-4-1": false, "claude-haiku-4-5": false,
		"claude-sonnet-4-20250514": false, "claude-3-7-sonnet-latest": false, "claude-3-5-haiku": false,
		"gpt-5": false, "claude": false, "claude-instant-1.2": false, "claude-opus-latest": false,
	} {
		if got := adaptiveThinking(model); got != want {
			t.Errorf("adaptiveThinking(%q) = %v, want %v", model, got, want)
		}
	}
}

// TestAdaptiveRequest: an adaptive model gets thinking "adaptive" and
// the effort in output_config, never a budget; off leaves both out; a
// token budget is refused before sending; a forced tool leaves thinking
// off, as for the budget models. Labels are case- and space-blind.
func TestAdaptiveRequest(t *testing.T) {
	body := func(t *testing.T, model, effort string, choice provider.ToolChoice) (map[string]any, error) {
		req := &provider.Request{Model: model, Effort: effort, ToolChoice: choice,
			Messages: []conv.Message{{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("hi")}}}}
		if choice.Mode != "" {
			req.Tools = []provider.Tool{{Name: "t", Schema: json.RawMessage(`{"type":"object"}`)}}
		}
		data, err := buildRequest(req)
		if err != nil {
			return nil, err
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		return m, nil
	}
	for _, c := range []struct {
		model, effort, thinking, out string
	}{
		{"claude-opus-5-5", "high", `{"type":"adaptive"}`, `{"effort":"high"}`},
		{"claude-sonnet-5-5", "minimal", `{"type":"adaptive"}`, `{"effort":"low"}`},
		{"claude-sonnet-5-5", "xhigh", `{"type":"adaptive"}`, `{"effort":"max"}`},
		{"claude-opus-5-5", "off", "", ""},
		{"claude-opus-5-5", "", "", ""},
		{"claude-sonnet-4-5", "low", `{"budget_tokens":4096,"type":"enabled"}`, ""},
		// Labels are read as typed in a config or a command: any case,
		// spaces around.
		{"claude-opus-5-5", " High ", `{"type":"adaptive"}`, `{"effort":"high"}`},
		{"claude-opus-5-5", " OFF", "", ""},
		{"claude-sonnet-4-5", "LOW ", `{"budget_tokens":4096,"type":"enabled"}`, ""},
	} {
		m, err := body(t, c.model, c.effort, provider.ToolChoice{})
		if err != nil {
			t.Fatalf("%s %s: %v", c.model, c.effort, err)
		}
		js := func(v any) string {
			if v == nil {
				return ""
			}
			b, _ := json.Marshal(v)
			return string(b)
		}
		if js(m["thinking"]) != c.thinking || js(m["output_config"]) != c.out {
			t.Errorf("%s %q: thinking %s output_config %s, want %s %s", c.model, c.effort, js(m["thinking"]), js(m["output_config"]), c.thinking, c.out)
		}
	}
	if _, err := body(t, "claude-opus-5-5", "12000", provider.ToolChoice{}); err == nil || !strings.Contains(err.Error(), "thinks adaptively") {
		t.Errorf("a budget for an adaptive model: %v", err)
	}
	m, err := body(t, "claude-opus-5-5", "high", provider.ToolChoice{Mode: "required"})
	if err != nil || m["thinking"] != nil || m["output_config"] != nil {
		t.Errorf("a forced tool: %v %v", m, err)
	}
}
