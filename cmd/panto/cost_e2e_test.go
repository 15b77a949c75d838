package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"panto/agent"
	"panto/agent/provider/builtin"
)

// TestCostEndToEnd: with only a key in the environment, a headless turn
// with --verbose prints the session's usage and cost on stderr, priced
// from the catalogue; the cost is kept in the session file, so a second
// turn with --continue sums both, and RPC get_state reports the same
// total by model.
func TestCostEndToEnd(t *testing.T) {
	isolate(t)
	inProject(t, t.TempDir())
	srv := newRecordingServer(t, e2eReplies["anthropic"][1]) // usage: 80 input, 6 output
	t.Setenv("ANTHROPIC_API_KEY", "sk-zeroconf-test")
	t.Setenv("ANTHROPIC_BASE_URL", srv.URL)
	cat, err := builtin.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	p := cat.Providers["anthropic"].Models[cat.Providers["anthropic"].Default].Price
	one := (80*p.Input + 6*p.Output) / 1e6

	code, _, errOut := runCLI(t, "-p", "hi", "--verbose")
	want := "panto: 80 input, 6 output, 0 cache read, 0 cache write tokens; cost " + agent.FormatUSD(one)
	if code != 0 || !strings.Contains(errOut, want) {
		t.Fatalf("exit %d, stderr %q, want %q", code, errOut, want)
	}
	code, _, errOut = runCLI(t, "-p", "again", "--continue", "--verbose")
	want = "panto: 160 input, 12 output, 0 cache read, 0 cache write tokens; cost " + agent.FormatUSD(2*one)
	if code != 0 || !strings.Contains(errOut, want) {
		t.Fatalf("resumed: exit %d, stderr %q, want %q", code, errOut, want)
	}
	code, out, errOut := runCLIWithStdin(t, func(w *os.File) { w.WriteString(`{"type":"get_state","id":1}` + "\n") }, "--mode", "rpc", "--continue")
	if code != 0 {
		t.Fatalf("rpc: exit %d, %s", code, errOut)
	}
	var state struct {
		Data struct {
			Cost struct {
				Total    float64 `json:"total"`
				Complete bool    `json:"complete"`
				Models   []struct {
					Provider, Model string
					Responses       int
					Usage           struct {
						Input int64 `json:"input"`
						Cost  struct {
							Input, Output float64
						} `json:"cost"`
					}
				} `json:"models"`
			} `json:"cost"`
		} `json:"data"`
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, `"command":"get_state"`) {
			if err := json.Unmarshal([]byte(line), &state); err != nil {
				t.Fatal(err)
			}
		}
	}
	c := state.Data.Cost
	if len(c.Models) != 1 || c.Models[0].Provider != "anthropic" || c.Models[0].Responses != 2 || c.Models[0].Usage.Input != 160 ||
		!c.Complete || agent.FormatUSD(c.Total) != agent.FormatUSD(2*one) {
		t.Errorf("get_state cost %+v\n%s", c, out)
	}
}

// TestCostUnpriced: a model without a price shows its usage and says it
// has no price, never a figure.
func TestCostUnpriced(t *testing.T) {
	isolate(t)
	project := t.TempDir()
	inProject(t, project)
	srv := newRecordingServer(t, e2eReplies["openai"][1])
	writeFile(t, os.Getenv("XDG_CONFIG_HOME")+"/panto/config.toml",
		"[providers.local]\nprotocol = \"openai\"\nbase_url = \""+srv.URL+"/v1\"\nmodels = { q = \"qwen3\" }\n")
	code, _, errOut := runCLI(t, "-p", "hi", "--verbose")
	if code != 0 || !strings.Contains(errOut, "no price known for this model") || strings.Contains(errOut, "$") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}
