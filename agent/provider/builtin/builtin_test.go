package builtin

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/provider/internal/wiretest"
	"panto/extension/config"
)

func TestLookup(t *testing.T) {
	for name, want := range map[string]string{
		"anthropic-messages": "anthropic-messages", "anthropic": "anthropic-messages",
		"openai-completions": "openai-completions", "openai": "openai-completions",
		"openai-responses": "openai-responses",
	} {
		s, ok := Lookup(name)
		if !ok || s.Name != want || s.Protocol == nil || s.BaseURL == "" || s.APIKeyEnv == "" || len(s.EffortLevels) == 0 {
			t.Errorf("Lookup(%q) = %+v, %v", name, s, ok)
		}
	}
	for _, name := range []string{"", "demo", "Anthropic", "openai-chat"} {
		if _, ok := Lookup(name); ok {
			t.Errorf("Lookup(%q) found a protocol", name)
		}
	}
	if got := strings.Join(Names(), ","); got != "anthropic-messages,openai-completions,openai-responses,anthropic,openai" {
		t.Errorf("Names() = %s", got)
	}
}

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestCredentials(t *testing.T) {
	cases := []struct {
		name    string
		p       config.Provider
		env     map[string]string
		key     string
		missing string // the variable the error names
	}{
		{"default variable", config.Provider{Protocol: "anthropic"}, map[string]string{"ANTHROPIC_API_KEY": " sk-a\n"}, "sk-a", ""},
		{"default variable missing", config.Provider{Protocol: "anthropic"}, nil, "", "ANTHROPIC_API_KEY"},
		{"openai at its own endpoint", config.Provider{Protocol: "openai-responses", BaseURL: "https://api.openai.com/v1/"}, nil, "", "OPENAI_API_KEY"},
		{"named variable", config.Provider{Protocol: "openai", APIKeyEnv: "GROQ_KEY", BaseURL: "https://api.groq.com/openai/v1"}, map[string]string{"GROQ_KEY": "gk"}, "gk", ""},
		{"named variable missing", config.Provider{Protocol: "openai", APIKeyEnv: "GROQ_KEY", BaseURL: "https://api.groq.com/openai/v1"}, nil, "", "GROQ_KEY"},
		{"local server needs no key", config.Provider{Protocol: "openai", BaseURL: "http://127.0.0.1:8080/v1"}, nil, "", ""},
		{"local server uses one if set", config.Provider{Protocol: "openai", BaseURL: "http://127.0.0.1:8080/v1"}, map[string]string{"OPENAI_API_KEY": "k"}, "k", ""},
		{"extension protocol without a variable", config.Provider{Protocol: "demo"}, nil, "", ""},
		{"extension protocol with a variable", config.Provider{Protocol: "demo", APIKeyEnv: "DEMO_KEY"}, nil, "", "DEMO_KEY"},
		// A provider a project defined without the user's allowance.
		{"project's provider elsewhere gets no default key", config.Provider{Protocol: "anthropic", BaseURL: "https://evil.example", FromProject: true}, map[string]string{"ANTHROPIC_API_KEY": "sk-a"}, "", ""},
		{"project's local server gets no default key", config.Provider{Protocol: "openai", BaseURL: "http://127.0.0.1:8080/v1", FromProject: true}, map[string]string{"OPENAI_API_KEY": "k"}, "", ""},
		{"project's provider at the vendor's own URL", config.Provider{Protocol: "anthropic", FromProject: true}, map[string]string{"ANTHROPIC_API_KEY": "sk-a"}, "sk-a", ""},
		{"project's provider never reads a named variable", config.Provider{Protocol: "anthropic", APIKeyEnv: "OTHER", FromProject: true}, map[string]string{"OTHER": "o"}, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			key, err := Credentials("prov", c.p, env(c.env))
			if key != c.key {
				t.Errorf("key %q, want %q", key, c.key)
			}
			if c.missing == "" {
				if err != nil {
					t.Errorf("error %v", err)
				}
				return
			}
			pe := provider.AsError(err)
			if pe == nil || pe.Kind != provider.Authentication || !strings.Contains(err.Error(), "set the environment variable "+c.missing) || !strings.HasPrefix(err.Error(), "prov: ") {
				t.Errorf("error %v, want one naming %s", err, c.missing)
			}
		})
	}
}

func TestConfigure(t *testing.T) {
	p := config.Provider{
		Protocol: "anthropic", Headers: map[string]string{"Anthropic-Beta": "x"},
		Models:       map[string]string{"sonnet": "claude-sonnet-4-5", "tiny": "custom-model"},
		ModelOptions: map[string]config.ModelOptions{"tiny": {ContextWindow: 8000, MaxTokens: 1000}},
		MaxTokens:    20000, IdleTimeout: time.Minute,
		RequestTimeout: 7 * time.Minute, MaxResponseBytes: 1234,
	}
	getenv := env(map[string]string{"ANTHROPIC_API_KEY": "sk"})
	tg, err := Configure("work", p, "sonnet", getenv)
	if err != nil {
		t.Fatal(err)
	}
	if tg.Spec.Name != "anthropic-messages" || tg.Model != "claude-sonnet-4-5" || tg.Alias != "sonnet" || tg.BaseURL != "https://api.anthropic.com" ||
		tg.APIKey != "sk" || tg.MaxTokens != 20000 || tg.ContextWindow != 200_000 || tg.IdleTimeout != time.Minute {
		t.Errorf("target %+v", tg)
	}
	req := tg.Request()
	if req.Protocol != "anthropic-messages" || req.Provider != "work" || req.Model != "claude-sonnet-4-5" || req.APIKey != "sk" ||
		req.Headers["Anthropic-Beta"] != "x" || req.MaxTokens != 20000 || req.IdleTimeout != time.Minute ||
		req.RequestTimeout != 7*time.Minute || req.MaxResponseBytes != 1234 {
		t.Errorf("request %+v", req)
	}
	req.Headers["Anthropic-Beta"] = "changed"
	if p.Headers["Anthropic-Beta"] != "x" {
		t.Error("the request shares the configuration's header map")
	}
	byID, err := Configure("work", p, "custom-model", getenv)
	if err != nil || byID.Alias != "tiny" || byID.ContextWindow != 8000 || byID.MaxTokens != 1000 {
		t.Errorf("by id: %+v %v", byID, err)
	}
	if _, err := Configure("work", p, "opus", getenv); err == nil || !strings.Contains(err.Error(), `provider "work" has no model "opus" (its models are sonnet, tiny)`) {
		t.Errorf("unknown model: %v", err)
	}
	if _, err := Configure("work", config.Provider{Protocol: "demo"}, "m", getenv); err == nil || !strings.Contains(err.Error(), `provider "work": protocol "demo" is not built in (built-in: `) {
		t.Errorf("extension protocol: %v", err)
	} else {
		for _, n := range Names() {
			if !strings.Contains(err.Error(), n) {
				t.Errorf("extension protocol: %v does not list %s", err, n)
			}
		}
	}
	if _, err := Configure("work", p, "sonnet", env(nil)); provider.AsError(err) == nil {
		t.Errorf("missing key: %v", err)
	}
}

func TestDefaultContextWindow(t *testing.T) {
	for model, want := range map[string]int64{
		"claude-opus-4-1": 200_000, "gpt-5-mini": 400_000, "gpt-4.1-nano": 1_047_576, "gpt-4o-2024-08-06": 128_000,
		"o1-mini": 128_000, "o1": 200_000, "o3-pro": 200_000, "qwen3-coder": 0, "": 0,
	} {
		if got := DefaultContextWindow(model); got != want {
			t.Errorf("DefaultContextWindow(%q) = %d, want %d", model, got, want)
		}
	}
}

// TestToolRoundTrip runs the protocol half of a tool-using turn with
// each built-in protocol through Configure: the model calls a tool, the
// session appends the call and its result, and the second request
// carries the result paired with the call.
func TestToolRoundTrip(t *testing.T) {
	cases := []struct {
		protocol, fixture1, fixture2 string
		result                       func(body map[string]any) (callID, output string)
	}{
		{"anthropic", "../anthropic/testdata/tool_call.sse", "../anthropic/testdata/text.sse", func(b map[string]any) (string, string) {
			msgs := b["messages"].([]any)
			last := msgs[len(msgs)-1].(map[string]any)["content"].([]any)[0].(map[string]any)
			content := last["content"].([]any)[0].(map[string]any)
			return str(last["tool_use_id"]), str(content["text"])
		}},
		{"openai", "../openai/testdata/chat_tool_call.sse", "../openai/testdata/chat_text.sse", func(b map[string]any) (string, string) {
			msgs := b["messages"].([]any)
			last := msgs[len(msgs)-1].(map[string]any)
			return str(last["tool_call_id"]), str(last["content"])
		}},
		{"openai-responses", "../openai/testdata/responses_tool_call.sse", "../openai/testdata/responses_text.sse", func(b map[string]any) (string, string) {
			in := b["input"].([]any)
			last := in[len(in)-1].(map[string]any)
			return str(last["call_id"]), str(last["output"])
		}},
	}
	for _, c := range cases {
		t.Run(c.protocol, func(t *testing.T) {
			srv := wiretest.NewServer(t, wiretest.Reply{Body: readFile(t, c.fixture1)}, wiretest.Reply{Body: readFile(t, c.fixture2)})
			p := config.Provider{Protocol: c.protocol, BaseURL: srv.URL + "/v1", APIKeyEnv: "TEST_KEY", Models: map[string]string{"m": "model-1"}}
			tg, err := Configure("test", p, "m", env(map[string]string{"TEST_KEY": "k"}))
			if err != nil {
				t.Fatal(err)
			}
			history := []conv.Message{{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("Weather in Zürich?")}}}
			ask := func() wiretest.Result {
				req := tg.Request()
				req.HTTPClient = srv.Client()
				req.Messages = history
				req.Tools = []provider.Tool{{Name: "get_weather", Schema: json.RawMessage(`{"type":"object"}`)}}
				st, err := tg.Spec.Protocol.Open(context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				return wiretest.Collect(t, st)
			}
			first := ask()
			if first.Err != nil || len(first.Calls) != 1 || first.Stop != conv.StopToolUse {
				t.Fatalf("first reply %+v", first)
			}
			call := first.Calls[0]
			history = append(history,
				conv.Message{Role: conv.Assistant, API: tg.Spec.Name, Model: tg.Model, Blocks: []conv.Block{conv.TextBlock(first.Text), {Type: conv.ToolCall, ID: call.ID, Name: call.Name, Arguments: call.Arguments}}},
				conv.Message{Role: conv.Tool, ToolCallID: call.ID, ToolName: call.Name, Blocks: []conv.Block{conv.TextBlock("Sunny")}})
			if second := ask(); second.Err != nil || second.Text == "" {
				t.Fatalf("second reply %+v", second)
			}
			var body map[string]any
			if err := json.Unmarshal(srv.Requests()[1].Body, &body); err != nil {
				t.Fatal(err)
			}
			if id, out := c.result(body); id != call.ID || out != "Sunny" {
				t.Errorf("the second request ends with result %q %q, want %q \"Sunny\"", id, out, call.ID)
			}
		})
	}
}

func str(v any) string { s, _ := v.(string); return s }

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestNotLinked: the official SDKs are test-only dependencies; the
// binary must not contain them (they would add 10–25 MB). The second
// check proves the first can fail: the SDKs are in the providers' test
// dependencies, under the names searched for.
func TestNotLinked(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	goBin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goBin); err != nil {
		if goBin, err = exec.LookPath("go"); err != nil {
			t.Skip("no go command")
		}
	}
	list := func(args ...string) string {
		out, err := exec.Command(goBin, append([]string{"list", "-deps"}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("go list %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	sdks := []string{"github.com/anthropics/anthropic-sdk-go", "github.com/openai/openai-go"}
	bin := list("panto/cmd/panto")
	for _, sdk := range sdks {
		if strings.Contains(bin, sdk) {
			t.Errorf("bin/panto links %s", sdk)
		}
	}
	tests := list("-test", "panto/agent/provider/anthropic", "panto/agent/provider/openai")
	for _, sdk := range sdks {
		if !strings.Contains(tests, sdk) {
			t.Errorf("the providers' tests no longer import %s: this check looks for the wrong name", sdk)
		}
	}
}
