package agent

import (
	"context"
	"fmt"
	"math"
	"slices"
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

// pricedConfig is a script provider at the Anthropic API's address, so
// that the catalogue prices its model as it prices Anthropic's.
const pricedConfig = `
[providers.fake]
protocol = "script"
script = "turns.jsonl"
base_url = "https://api.anthropic.com"
models = { m = "claude-sonnet-5-5" }

[models]
default = "fake:m"
`

// TestCostSurvivesCompactionAndResume: the turns a compaction summarised,
// and the summary requests themselves, still count after a resume, which reads the session file only from the
// summary's first kept message on; the total is the same as live and as
// the sum of the scripted responses at the catalogue's prices, whether
// the file is read from its tail or whole, and however often the
// conversation was compacted.
func TestCostSurvivesCompactionAndResume(t *testing.T) {
	usages := []conv.Usage{
		{Input: 1000, Output: 100, CacheRead: 300, CacheWrite: 50},
		{Input: 2000, Output: 200, CacheRead: 700},
		{Input: 3000, Output: 30, CacheWrite: 900},
		{Input: 4000, Output: 40},
		{Input: 5000, Output: 500, CacheRead: 10},
	}
	turn := func(i int) string {
		u := usages[i]
		return fmt.Sprintf(`{"text": "a%d", "usage": {"input": %d, "output": %d, "cache_read": %d, "cache_write": %d}}`+"\n",
			i+1, u.Input, u.Output, u.CacheRead, u.CacheWrite)
	}
	// The summary requests (usages 2 and 5) cost too.
	usages = slices.Insert(usages, 2, conv.Usage{Input: 7000, Output: 700})
	usages = slices.Insert(usages, 5, conv.Usage{Input: 9000, Output: 900, CacheRead: 100})
	summary := func(i int, s string) string {
		return `{"expect": {"purpose": "compaction"}, "text": "` + s + `", "usage": ` + strings.TrimSuffix(strings.SplitN(turn(i), `"usage": `, 2)[1], "}\n") + "}\n"
	}
	script := turn(0) + turn(1) + summary(2, "S1") + turn(3) + turn(4) + summary(5, "S2") + turn(6)
	ts := newSession(t, map[string]string{"config.toml": pricedConfig, "turns.jsonl": script})

	cat, err := builtin.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	p := cat.Providers["anthropic"].Models["sonnet"].Price
	want, wantIn := 0.0, int64(0)
	for _, u := range usages {
		want += (float64(u.Input)*p.Input + float64(u.Output)*p.Output + float64(u.CacheRead)*p.CacheRead + float64(u.CacheWrite)*p.CacheWrite) / 1e6
		wantIn += u.Input
	}
	check := func(what string, l []ModelCost) {
		t.Helper()
		if len(l) != 1 {
			t.Fatalf("%s: %d models: %+v", what, len(l), l)
		}
		c := l[0]
		if c.Responses != len(usages) || c.Unpriced != 0 || c.Usage.Input != wantIn || c.Usage.Cost == nil ||
			math.Abs(c.Usage.Cost.Total()-want) > 1e-9*want {
			t.Errorf("%s: %d responses (%d unpriced), %d input tokens, cost %+v; want %d, %d, %v",
				what, c.Responses, c.Unpriced, c.Usage.Input, c.Usage.Cost, len(usages), wantIn, want)
		}
	}

	ctx := context.Background()
	ts.prompt("q1 " + long)
	ts.prompt("q2 " + long)
	if err := ts.Compact(ctx, ""); err != nil {
		t.Fatal(err)
	}
	ts.prompt("q3 " + long)
	ts.prompt("q4 " + long)
	if err := ts.Compact(ctx, ""); err != nil {
		t.Fatal(err)
	}
	ts.prompt("q5")
	if c := ts.Agent().Conversation(); c.Offloaded < 4 {
		t.Fatalf("only %d messages were compacted away", c.Offloaded)
	}
	check("live", ts.Agent().Costs())

	id := ts.ID()
	if err := ts.New(ctx); err != nil {
		t.Fatal(err)
	}
	if err := ts.Resume(ctx, id); err != nil {
		t.Fatal(err)
	}
	if c := ts.Agent().Conversation(); c.Len() >= 10 {
		t.Fatalf("the resume read %d messages: not only the tail", c.Len())
	}
	check("resumed", ts.Agent().Costs())

	// The whole file: its active branch, and the branch with every
	// message still in it, count each response once.
	sess, err := ts.Store().Load(id)
	if err != nil {
		t.Fatal(err)
	}
	check("whole file, active branch", spentOn(sess.ActiveBranch("")).spends())
	check("whole file, whole branch", spentOn(sess.Branch("")).spends())
}

// TestUnpricedCatalogModels: a catalogue model without a price keeps its
// usage and no cost, and the session's summary says the price is not
// known rather than showing a figure such as $0.00.
func TestUnpricedCatalogModels(t *testing.T) {
	cat, err := builtin.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for pname, p := range cat.Providers {
		for alias, cm := range p.Models {
			if cm.Price != nil {
				continue
			}
			n++
			m := &Model{ModelRef: host.ModelRef{Provider: pname, Alias: alias, ID: cm.ID,
				Config: config.Provider{Protocol: p.Protocol, BaseURL: p.BaseURL, Catalog: true}}}
			u := conv.Usage{Input: 1200, Output: 300, CacheRead: 50}
			priceUsage(m, &u)
			if u.Cost != nil {
				t.Errorf("%s:%s: priced %+v without a catalogue price", pname, alias, *u.Cost)
			}
			a := &Agent{}
			a.recordUsage(conv.Message{Role: conv.Assistant, Provider: pname, Model: cm.ID, Usage: &u})
			s := a.CostSummary()
			if !strings.Contains(s, "no price known for this model") || strings.Contains(s, "$") {
				t.Errorf("%s:%s: summary %q", pname, alias, s)
			}
			if _, _, priced := a.TotalCost(); priced {
				t.Errorf("%s:%s: a total without a price", pname, alias)
			}
		}
	}
	if n == 0 {
		t.Skip("every catalogue model has a price")
	}
}
