package builtin

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"

	"panto/extension/config"
)

// The catalogue is data, not code: catalog.toml lists the providers panto
// reaches with only an API key in the environment and their models, with
// limits and prices; catalog_test.go validates it. Layer turns it into the
// lowest configuration layer; PriceOf and ModelInfo read it for a
// configured model.
//
// The binary holds it as Go (catalog_table.go, written from catalog.toml
// by `go generate`, which TestCatalogTableInSync holds to the file):
// decoding the TOML cost every session some 5 M instructions and its
// allocations at start-up (docs/benchmarks.md, "The session's start").

//go:generate go test -run TestCatalogTableInSync -update .

// CatalogPath names the catalogue wherever a configuration file's path
// would be shown (panto models, warnings).
const CatalogPath = "built-in catalogue"

// Catalog is the parsed catalogue.
type Catalog struct {
	// Preference orders the providers for the default model.
	Preference []string                   `toml:"preference"`
	Providers  map[string]CatalogProvider `toml:"providers"`
}

// CatalogProvider is one provider of the catalogue.
type CatalogProvider struct {
	Label     string `toml:"label"`
	Protocol  string `toml:"protocol"`
	BaseURL   string `toml:"base_url"`
	APIKeyEnv string `toml:"api_key_env"`
	// BaseURLEnv names a variable that, when set, replaces BaseURL (the
	// variables the vendors' own SDKs read, ANTHROPIC_BASE_URL and
	// OPENAI_BASE_URL): a proxy, or a local stand-in in tests. Like the
	// key, it is the user's environment speaking, so the key goes there.
	BaseURLEnv string `toml:"base_url_env"`
	// Default is the alias used when this provider supplies the default
	// model.
	Default string                  `toml:"default"`
	Models  map[string]CatalogModel `toml:"models"`
}

// CatalogModel is one model of the catalogue.
type CatalogModel struct {
	ID            string `toml:"id"`
	ContextWindow int64  `toml:"context_window"`
	// MaxOutput is the model's output limit; it is shown, not sent (the
	// protocol's own default bounds a response unless max_tokens is
	// configured).
	MaxOutput int64 `toml:"max_output"`
	Reasoning bool  `toml:"reasoning"`
	// Price is nil when the vendor's price is not known: usage is then
	// shown without a cost.
	Price       *Price `toml:"price"`
	LongContext *Price `toml:"long_context"`
}

// Price is what a model costs, in US dollars per million tokens. Above
// is used by a long-context tier only: the prompt size (input, cache
// reads and writes) past which a request pays that tier's rates on all
// its tokens.
type Price struct {
	Input      float64 `toml:"input" json:"input"`
	Output     float64 `toml:"output" json:"output"`
	CacheRead  float64 `toml:"cache_read" json:"cache_read,omitempty"`
	CacheWrite float64 `toml:"cache_write" json:"cache_write,omitempty"`
	Above      int64   `toml:"above" json:"above,omitempty"`
}

var (
	catalogOnce sync.Once
	catalog     *Catalog
)

// LoadCatalog returns the built-in catalogue (made once). Its error is
// always nil now that the catalogue is compiled in; it stays for the
// callers that read a catalogue which could fail to parse.
func LoadCatalog() (*Catalog, error) {
	catalogOnce.Do(func() { catalog = catalogTable() })
	return catalog, nil
}

// ParseCatalog reads a catalogue in catalog.toml's form; unknown keys
// are errors, since the file is ours and a typo would drop a price.
func ParseCatalog(data []byte) (*Catalog, error) {
	var c Catalog
	md, err := toml.Decode(string(data), &c)
	if err != nil {
		return nil, fmt.Errorf("catalogue: %w", err)
	}
	if u := md.Undecoded(); len(u) > 0 {
		return nil, fmt.Errorf("catalogue: unknown key %q", u[0].String())
	}
	return &c, nil
}

// Layer is the catalogue as the lowest configuration layer: every
// provider, with its base URL from BaseURLEnv when that variable is set
// (getenv nil is no environment), and as [models] default the default of
// the first provider in Preference whose key is set.
func (c *Catalog) Layer(getenv func(string) string) *config.File {
	env := func(k string) string {
		if getenv == nil || k == "" {
			return ""
		}
		return strings.TrimSpace(getenv(k))
	}
	f := &config.File{Path: CatalogPath, Builtin: true, Providers: map[string]config.Provider{}}
	for name, cp := range c.Providers {
		p := config.Provider{
			Protocol: cp.Protocol, Label: cp.Label, BaseURL: cp.BaseURL, APIKeyEnv: cp.APIKeyEnv,
			Catalog: true, Models: map[string]string{},
		}
		if u := env(cp.BaseURLEnv); u != "" {
			p.BaseURL = u
		}
		for alias, m := range cp.Models {
			p.Models[alias] = m.ID
			if m.ContextWindow > 0 {
				if p.ModelOptions == nil {
					p.ModelOptions = map[string]config.ModelOptions{}
				}
				p.ModelOptions[alias] = config.ModelOptions{ContextWindow: m.ContextWindow}
			}
		}
		f.Providers[name] = p
	}
	for _, name := range c.Preference {
		if cp, ok := c.Providers[name]; ok && env(cp.APIKeyEnv) != "" {
			f.Models.Default = name + ":" + cp.Default
			break
		}
	}
	return f
}

// Model finds what the catalogue knows of model id served by provider
// name, configured as p: by name for a catalogue provider (whatever its
// base URL: a proxy in front of the vendor charges the vendor's prices),
// else among the catalogue providers at the same base URL (a user's own
// table for the vendor's service). ok is false for a model the
// catalogue does not list there, a local server's say.
func (c *Catalog) Model(name string, p config.Provider, id string) (CatalogModel, bool) {
	find := func(cp CatalogProvider) (CatalogModel, bool) {
		for _, m := range cp.Models {
			if m.ID == id {
				return m, true
			}
		}
		return CatalogModel{}, false
	}
	if cp, ok := c.Providers[name]; ok && p.Catalog {
		return find(cp)
	}
	base := p.BaseURL
	if base == "" {
		if spec, ok := Lookup(p.Protocol); ok {
			base = spec.BaseURL
		}
	}
	base = strings.TrimRight(base, "/")
	for _, n := range slices.Sorted(maps.Keys(c.Providers)) {
		cp := c.Providers[n]
		if strings.TrimRight(cp.BaseURL, "/") == base {
			if m, ok := find(cp); ok {
				return m, true
			}
		}
	}
	return CatalogModel{}, false
}
