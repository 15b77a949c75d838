package builtin

import (
	"math"
	"net/url"
	"slices"
	"sort"
	"strings"
	"testing"

	"panto/agent/conv"
	"panto/extension/config"
)

// TestCatalogValid checks the embedded catalogue's every entry: a
// built-in protocol, an https vendor URL, the key and base-URL variables,
// a default that exists, every provider in the preference order once,
// and models whose limits and prices are possible.
func TestCatalogValid(t *testing.T) {
	c, err := LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Providers) == 0 {
		t.Fatal("no providers")
	}
	names := make([]string, 0, len(c.Providers))
	for name := range c.Providers {
		names = append(names, name)
	}
	pref := slices.Clone(c.Preference)
	sort.Strings(pref)
	sort.Strings(names)
	if !slices.Equal(pref, names) {
		t.Errorf("preference %v does not list each provider once (providers %v)", c.Preference, names)
	}
	ids := map[string]string{}
	for name, p := range c.Providers {
		t.Run(name, func(t *testing.T) {
			if _, ok := Lookup(p.Protocol); !ok {
				t.Errorf("protocol %q is not built in", p.Protocol)
			}
			if u, err := url.Parse(p.BaseURL); err != nil || u.Scheme != "https" || u.Host == "" {
				t.Errorf("base_url %q is not an https URL", p.BaseURL)
			}
			if !strings.HasSuffix(p.APIKeyEnv, "_API_KEY") || !strings.HasSuffix(p.BaseURLEnv, "_BASE_URL") ||
				strings.TrimSuffix(p.APIKeyEnv, "_API_KEY") != strings.TrimSuffix(p.BaseURLEnv, "_BASE_URL") {
				t.Errorf("variables %q and %q are not VENDOR_API_KEY and VENDOR_BASE_URL", p.APIKeyEnv, p.BaseURLEnv)
			}
			if p.Label == "" {
				t.Error("no label")
			}
			if _, ok := p.Models[p.Default]; !ok {
				t.Errorf("default %q is not one of its models", p.Default)
			}
			for alias, m := range p.Models {
				if m.ID == "" || strings.ContainsAny(alias, ": ") {
					t.Errorf("model %q: id %q", alias, m.ID)
				}
				if prev, dup := ids[name+"/"+m.ID]; dup {
					t.Errorf("model id %q listed twice (%s, %s)", m.ID, prev, alias)
				}
				ids[name+"/"+m.ID] = alias
				if m.ContextWindow < 0 || m.MaxOutput < 0 || (m.MaxOutput > 0 && m.ContextWindow > 0 && m.MaxOutput > m.ContextWindow) {
					t.Errorf("model %q: context_window %d, max_output %d", alias, m.ContextWindow, m.MaxOutput)
				}
				checkPrice(t, alias, m.Price, false)
				if m.LongContext != nil {
					if m.Price == nil {
						t.Errorf("model %q: long_context without price", alias)
					}
					checkPrice(t, alias+" long_context", m.LongContext, true)
					if m.LongContext.Above <= 0 || (m.ContextWindow > 0 && m.LongContext.Above >= m.ContextWindow) {
						t.Errorf("model %q: long_context above %d", alias, m.LongContext.Above)
					}
					if m.Price != nil && (m.LongContext.Input < m.Price.Input || m.LongContext.Output < m.Price.Output) {
						t.Errorf("model %q: the long-context tier is cheaper than the base", alias)
					}
				}
			}
		})
	}
}

func checkPrice(t *testing.T, what string, p *Price, tier bool) {
	t.Helper()
	if p == nil {
		return
	}
	for _, v := range []float64{p.Input, p.Output, p.CacheRead, p.CacheWrite} {
		if v < 0 || math.IsNaN(v) || v > 1000 {
			t.Errorf("%s: price %+v out of range", what, *p)
		}
	}
	if p.Input == 0 || p.Output == 0 {
		t.Errorf("%s: a price needs input and output", what)
	}
	if p.CacheRead > p.Input {
		t.Errorf("%s: cache reads cost more than input", what)
	}
	if !tier && p.Above != 0 {
		t.Errorf("%s: above belongs to long_context", what)
	}
}

func TestParseCatalogRejects(t *testing.T) {
	for _, src := range []string{
		"[providers.x]\nprotocl = \"openai\"",
		"[providers.x.models]\nm = { id = \"a\", price = { inptu = 1 } }",
		"preference = 3",
		"[providers",
	} {
		if _, err := ParseCatalog([]byte(src)); err == nil {
			t.Errorf("%q: no error", src)
		}
	}
}

// TestBuiltinProtocolNames keeps config's copy of the protocol names
// equal to this package's table.
func TestBuiltinProtocolNames(t *testing.T) {
	want := append(Names(), "script")
	got := slices.Clone(config.BuiltinProtocols)
	sort.Strings(want)
	sort.Strings(got)
	if !slices.Equal(got, want) {
		t.Errorf("config.BuiltinProtocols = %v, want %v", got, want)
	}
}

func TestCatalogLayer(t *testing.T) {
	c, err := ParseCatalog([]byte(`
preference = ["a", "b"]
[providers.a]
label = "A"
protocol = "anthropic"
base_url = "https://a.example"
api_key_env = "A_API_KEY"
base_url_env = "A_BASE_URL"
default = "big"
models = { big = { id = "a-big", context_window = 1000 }, small = { id = "a-small" }, tiny = { id = "a-tiny", context_window = 1 } }
[providers.b]
protocol = "openai"
base_url = "https://b.example/v1"
api_key_env = "B_API_KEY"
base_url_env = "B_BASE_URL"
default = "m"
models = { m = { id = "b-m" } }
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name    string
		env     map[string]string
		def     string
		aBase   string
		bBase   string
		windowA int64
	}{
		{"no keys: no default", nil, "", "https://a.example", "https://b.example/v1", 1000},
		{"the preferred provider with a key", map[string]string{"B_API_KEY": "k", "A_API_KEY": "k"}, "a:big", "https://a.example", "https://b.example/v1", 1000},
		{"a blank key is no key", map[string]string{"A_API_KEY": " ", "B_API_KEY": "k"}, "b:m", "https://a.example", "https://b.example/v1", 1000},
		{"the base URL variable", map[string]string{"B_BASE_URL": "http://127.0.0.1:9/v1"}, "", "https://a.example", "http://127.0.0.1:9/v1", 1000},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := c.Layer(env(tt.env))
			if !f.Builtin || f.Path != CatalogPath {
				t.Errorf("layer %+v", f)
			}
			if f.Models.Default != tt.def {
				t.Errorf("default %q, want %q", f.Models.Default, tt.def)
			}
			a, b := f.Providers["a"], f.Providers["b"]
			if a.BaseURL != tt.aBase || b.BaseURL != tt.bBase || !a.Catalog || a.APIKeyEnv != "A_API_KEY" || a.Label != "A" {
				t.Errorf("providers %+v %+v", a, b)
			}
			// The smallest window given is carried; a model without one has none.
			if a.Models["big"] != "a-big" || a.ModelContextWindow("big") != tt.windowA || a.ModelContextWindow("small") != 0 || a.ModelContextWindow("tiny") != 1 {
				t.Errorf("models %+v %+v", a.Models, a.ModelOptions)
			}
		})
	}
	// A nil getenv is no environment: no variable is read, so the base
	// URLs are the catalogue's and no provider has a key.
	t.Run("no environment function", func(t *testing.T) {
		f := c.Layer(nil)
		if f.Providers["a"].BaseURL != "https://a.example" || f.Providers["b"].BaseURL != "https://b.example/v1" || f.Models.Default != "" {
			t.Errorf("layer %+v", f)
		}
	})
}

func TestCost(t *testing.T) {
	m := CatalogModel{
		Price:       &Price{Input: 2, Output: 10, CacheRead: 0.2, CacheWrite: 2.5},
		LongContext: &Price{Above: 1000, Input: 4, Output: 15, CacheRead: 0.4, CacheWrite: 5},
	}
	approx := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	for _, tt := range []struct {
		name string
		m    CatalogModel
		u    conv.Usage
		want conv.Cost
		ok   bool
	}{
		// 500 input tokens at $2/M = $0.001; 100 output at $10/M = $0.001;
		// 200 cache reads at $0.2/M = $0.00004; 300 writes at $2.5/M = $0.00075.
		{"base tier", m, conv.Usage{Input: 500, Output: 100, CacheRead: 200, CacheWrite: 300}, conv.Cost{Input: 0.001, Output: 0.001, CacheRead: 0.00004, CacheWrite: 0.00075}, true},
		{"exactly at the threshold stays base", m, conv.Usage{Input: 1000}, conv.Cost{Input: 0.002}, true},
		// 1001 prompt tokens: every token at the long tier: 1001 × $4/M, 10 × $15/M.
		{"past the threshold", m, conv.Usage{Input: 1001, Output: 10}, conv.Cost{Input: 0.004004, Output: 0.00015}, true},
		{"cache reads count toward the threshold", m, conv.Usage{Input: 1, CacheRead: 1000}, conv.Cost{Input: 0.000004, CacheRead: 0.0004}, true},
		{"no price", CatalogModel{}, conv.Usage{Input: 1}, conv.Cost{}, false},
		{"cache reads without a cache price", CatalogModel{Price: &Price{Input: 1, Output: 1}}, conv.Usage{Input: 1, CacheRead: 5}, conv.Cost{}, false},
		{"no cache tokens need no cache price", CatalogModel{Price: &Price{Input: 1, Output: 1}}, conv.Usage{Input: 1000000}, conv.Cost{Input: 1}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.m.Cost(tt.u)
			if ok != tt.ok || !approx(got.Input, tt.want.Input) || !approx(got.Output, tt.want.Output) ||
				!approx(got.CacheRead, tt.want.CacheRead) || !approx(got.CacheWrite, tt.want.CacheWrite) {
				t.Errorf("Cost = %+v %v, want %+v %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestCatalogModel(t *testing.T) {
	c, err := LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	sonnet := c.Providers["anthropic"].Models["sonnet"].ID
	for _, tt := range []struct {
		name, prov string
		p          config.Provider
		id         string
		ok         bool
	}{
		{"a catalogue provider by name, whatever its URL", "anthropic", config.Provider{Protocol: "anthropic", BaseURL: "http://127.0.0.1:1", Catalog: true}, sonnet, true},
		{"a user's table for the vendor's own service", "claude", config.Provider{Protocol: "anthropic"}, sonnet, true},
		{"a user's table with the vendor's URL spelt out", "claude", config.Provider{Protocol: "anthropic", BaseURL: "https://api.anthropic.com/"}, sonnet, true},
		{"a user's gateway is not priced", "gw", config.Provider{Protocol: "anthropic", BaseURL: "https://gateway.example"}, sonnet, false},
		{"a user's table named like a catalogue provider elsewhere", "anthropic", config.Provider{Protocol: "anthropic", BaseURL: "https://gateway.example"}, sonnet, false},
		{"an unknown id", "anthropic", config.Provider{Protocol: "anthropic", Catalog: true}, "claude-unknown", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, ok := c.Model(tt.prov, tt.p, tt.id); ok != tt.ok {
				t.Errorf("Model ok = %v, want %v", ok, tt.ok)
			}
		})
	}
}

func FuzzParseCatalog(f *testing.F) {
	f.Add(string(catalogTOML(f)))
	f.Add("[providers.x.models]\nm = { id = \"a\", price = { input = 1 } }")
	f.Fuzz(func(t *testing.T, src string) {
		c, err := ParseCatalog([]byte(src))
		if err == nil && c != nil {
			c.Layer(func(string) string { return "v" })
		}
	})
}
