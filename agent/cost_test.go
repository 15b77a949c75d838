package agent

import (
	"math"
	"strings"
	"testing"

	"panto/agent/conv"
	"panto/agent/provider/builtin"
	"panto/extension/config"
	"panto/host"
)

func TestPriceUsage(t *testing.T) {
	cat, err := builtin.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	cm := cat.Providers["anthropic"].Models["sonnet"]
	m := &Model{ModelRef: host.ModelRef{Provider: "anthropic", Alias: "sonnet", ID: cm.ID,
		Config: config.Provider{Protocol: "anthropic", Catalog: true}}}
	u := conv.Usage{Input: 1000, Output: 200, CacheRead: 3000, CacheWrite: 400}
	priceUsage(m, &u)
	if u.Cost == nil {
		t.Fatal("a catalogue model was not priced")
	}
	// The expected figure from the catalogue's own prices.
	p := cm.Price
	want := (1000*p.Input + 200*p.Output + 3000*p.CacheRead + 400*p.CacheWrite) / 1e6
	if math.Abs(u.Cost.Total()-want) > 1e-12 {
		t.Errorf("cost %v, want %v", u.Cost.Total(), want)
	}
	local := &Model{ModelRef: host.ModelRef{Provider: "local", Alias: "q", ID: "qwen3",
		Config: config.Provider{Protocol: "openai", BaseURL: "http://127.0.0.1:8080/v1"}}}
	lu := conv.Usage{Input: 10}
	priceUsage(local, &lu)
	if lu.Cost != nil {
		t.Errorf("a local model got a price: %+v", lu.Cost)
	}
}

func TestCostLedger(t *testing.T) {
	msg := func(prov, model string, in int64, cost *conv.Cost) conv.Message {
		return conv.Message{Role: conv.Assistant, Provider: prov, Model: model, Usage: &conv.Usage{Input: in, Cost: cost}}
	}
	a := &Agent{}
	for _, m := range []conv.Message{
		msg("anthropic", "claude-b", 10, &conv.Cost{Input: 0.5}),
		msg("anthropic", "claude-b", 5, &conv.Cost{Input: 0.25, Output: 1}),
		msg("local", "qwen", 7, nil),
		{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("hi")}},
	} {
		if m.Usage != nil {
			a.recordUsage(m)
		}
	}
	costs := a.Costs()
	if len(costs) != 2 || costs[0].Model != "claude-b" || costs[0].Responses != 2 || costs[0].Usage.Input != 15 ||
		costs[0].Usage.Cost.Total() != 1.75 || costs[1].Unpriced != 1 || costs[1].Usage.Cost != nil {
		t.Fatalf("costs %+v", costs)
	}
	total, complete, priced := a.TotalCost()
	if total != 1.75 || complete || !priced {
		t.Errorf("total %v complete %v priced %v", total, complete, priced)
	}
	if s := a.CostSummary(); !strings.Contains(s, "22 input") || !strings.Contains(s, "cost at least $1.75") {
		t.Errorf("summary %q", s)
	}
	// A copy handed out does not change with later responses.
	before := a.Costs()[0].Usage.Cost.Total()
	a.recordUsage(msg("anthropic", "claude-b", 1, &conv.Cost{Input: 1}))
	if before != 1.75 || a.Costs()[0].Usage.Cost.Total() != 2.75 {
		t.Errorf("before %v after %v", before, a.Costs()[0].Usage.Cost.Total())
	}
	// A resumed session's ledger is its messages'.
	l := ledgerOf([]conv.Message{msg("anthropic", "claude-b", 1, &conv.Cost{Output: 2}), msg("anthropic", "claude-b", 1, nil)})
	if c := l[[2]string{"anthropic", "claude-b"}]; c.Responses != 2 || c.Unpriced != 1 || c.Usage.Cost.Total() != 2 {
		t.Errorf("ledger %+v", c)
	}
	if (&Agent{}).CostSummary() != "" {
		t.Error("a summary before any response")
	}
}

func TestFormatUSD(t *testing.T) {
	for v, want := range map[float64]string{0: "$0.0000", 0.00042: "$0.0004", 0.042: "$0.042", 1.5: "$1.50", 12.345: "$12.35"} {
		if got := FormatUSD(v); got != want {
			t.Errorf("FormatUSD(%v) = %q, want %q", v, got, want)
		}
	}
}
