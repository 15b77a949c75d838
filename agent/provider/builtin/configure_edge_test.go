package builtin

import (
	"math"
	"testing"

	"panto/agent/conv"
	"panto/extension/config"
)

// TestConfigureEdges: a configured base_url and context window win over
// the protocol's and the model family's; a provider with no models says
// how to add one; Protocol and Specs give the table without exposing it.
func TestConfigureEdges(t *testing.T) {
	getenv := env(map[string]string{"OPENAI_API_KEY": "k"})
	p := config.Provider{Protocol: "openai-responses", BaseURL: "http://127.0.0.1:9/v1",
		Models:       map[string]string{"big": "gpt-5"},
		ModelOptions: map[string]config.ModelOptions{"big": {ContextWindow: 1000}}}
	tg, err := Configure("local", p, "big", getenv)
	if err != nil {
		t.Fatal(err)
	}
	if tg.BaseURL != "http://127.0.0.1:9/v1" || tg.ContextWindow != 1000 || tg.Spec.Name != "openai-responses" {
		t.Errorf("target %+v, want the configured base_url and window", tg)
	}
	if req := tg.Request(); req.BaseURL != "http://127.0.0.1:9/v1" || req.Protocol != "openai-responses" {
		t.Errorf("request %+v", req)
	}
	if _, err := Configure("empty", config.Provider{Protocol: "anthropic"}, "m", getenv); err == nil ||
		err.Error() != `provider "empty" has no model "m" (it has no models: add models = { alias = "upstream-id" })` {
		t.Errorf("no models: %v", err)
	}
	if _, err := Configure("local", p, "small", getenv); err == nil ||
		err.Error() != `provider "local" has no model "small" (its models are big)` {
		t.Errorf("one model: %v", err)
	}
	if proto, ok := Protocol("openai"); !ok || proto == nil {
		t.Error("Protocol(openai) not found")
	}
	if proto, ok := Protocol("nope"); ok || proto != nil {
		t.Errorf("Protocol(nope) = %v, %v", proto, ok)
	}
	specs := Specs()
	specs[0].Name = "changed"
	if Specs()[0].Name == "changed" {
		t.Error("Specs shares the table")
	}
}

// TestDefaultBase: the protocol's own endpoint with or without a final
// slash is the default (a key is required there); another is not.
func TestDefaultBase(t *testing.T) {
	s, _ := Lookup("anthropic")
	for base, want := range map[string]bool{
		"": true, "https://api.anthropic.com": true, "https://api.anthropic.com/": true, "https://api.anthropic.com//": true,
		"https://api.anthropic.com/v2": false, "http://api.anthropic.com": false, "https://proxy.example": false,
	} {
		if got := s.isDefaultBase(base); got != want {
			t.Errorf("isDefaultBase(%q) = %v, want %v", base, got, want)
		}
	}
}

// TestCostCacheWrites: cache writes count toward the long-context
// threshold, and without a write price no cost is given.
func TestCostCacheWrites(t *testing.T) {
	m := CatalogModel{
		Price:       &Price{Input: 2, Output: 10, CacheRead: 0.2, CacheWrite: 2.5},
		LongContext: &Price{Above: 1000, Input: 4, Output: 15, CacheRead: 0.4, CacheWrite: 5},
	}
	// 1 + 1000 prompt tokens: the long tier; 1000 writes at $5/M.
	c, ok := m.Cost(conv.Usage{Input: 1, CacheWrite: 1000})
	if !ok || math.Abs(c.CacheWrite-0.005) > 1e-12 || math.Abs(c.Input-0.000004) > 1e-12 {
		t.Errorf("Cost = %+v, %v; want the long tier", c, ok)
	}
	if _, ok := (CatalogModel{Price: &Price{Input: 1, Output: 1, CacheRead: 1}}).Cost(conv.Usage{CacheWrite: 1}); ok {
		t.Error("cache writes priced without a write price")
	}
	if c, ok := (CatalogModel{Price: &Price{Input: 1, Output: 2}}).Cost(conv.Usage{Output: 1_000_000}); !ok || math.Abs(c.Output-2) > 1e-12 {
		t.Errorf("output only: %+v, %v", c, ok)
	}
}

// TestContextWindowPrefixes: the family tables' order matters where one
// prefix extends another.
func TestContextWindowPrefixes(t *testing.T) {
	for model, want := range map[string]int64{
		"o1-mini-2024": 128_000, "o1-preview": 200_000, "o4-mini-high": 200_000, "codex-mini-latest": 200_000,
		"gpt-4-turbo-preview": 128_000, "gpt-4": 0, "o2": 0, "claude": 0,
	} {
		if got := DefaultContextWindow(model); got != want {
			t.Errorf("DefaultContextWindow(%q) = %d, want %d", model, got, want)
		}
	}
}
