package config

import (
	"strings"
	"testing"
)

// catalogLayer is a Builtin layer like agent/provider/builtin's
// catalogue: one provider with two models and a default.
func catalogLayer(def string) *File {
	return &File{Path: "built-in catalogue", Builtin: true, Models: Models{Default: def}, Providers: map[string]Provider{
		"anthropic": {Protocol: "anthropic", Label: "Anthropic", APIKeyEnv: "ANTHROPIC_API_KEY", Catalog: true,
			Models:       map[string]string{"opus": "claude-opus", "sonnet": "claude-sonnet"},
			ModelOptions: map[string]ModelOptions{"opus": {ContextWindow: 1000}, "sonnet": {ContextWindow: 2000}}},
	}}
}

func detectedLayer() *File {
	return &File{Path: "detected local servers", Builtin: true, Models: Models{Default: "ollama:qwen"}, Providers: map[string]Provider{
		"ollama": {Protocol: "openai", BaseURL: "http://127.0.0.1:11434/v1", Detected: true, Models: map[string]string{"qwen": "qwen"}},
	}}
}

// TestMergeBuiltinOverlay: a file's table of a built-in provider's name
// extends it (its models join, its settings win) instead of replacing it,
// and every model keeps the name of the layer it came from.
func TestMergeBuiltinOverlay(t *testing.T) {
	user := parseLayer(t, "/u", `
[providers.anthropic]
models = { mine = { id = "claude-custom", max_tokens = 5 }, sonnet = "claude-sonnet-old" }
max_tokens = 9000
`)
	m := Merge(catalogLayer(""), user)
	p := m.Providers["anthropic"]
	if p.Protocol != "anthropic" || p.APIKeyEnv != "ANTHROPIC_API_KEY" || p.Label != "Anthropic" || !p.Catalog || p.MaxTokens != 9000 {
		t.Errorf("overlay %+v", p)
	}
	if p.Models["opus"] != "claude-opus" || p.Models["mine"] != "claude-custom" || p.Models["sonnet"] != "claude-sonnet-old" {
		t.Errorf("models %v", p.Models)
	}
	if p.ModelContextWindow("opus") != 1000 || p.ModelContextWindow("sonnet") != 0 || p.ModelMaxTokens("mine") != 5 {
		t.Errorf("model options %+v: the user's sonnet replaces the catalogue's whole", p.ModelOptions)
	}
	for alias, want := range map[string]string{"opus": "built-in catalogue", "mine": "/u/config.toml", "sonnet": "/u/config.toml"} {
		if got := p.ModelOrigin(alias); got != want {
			t.Errorf("origin of %s: %q, want %q", alias, got, want)
		}
	}
	if len(m.Warnings) > 0 {
		t.Errorf("warnings %v: a built-in provider's table needs no protocol", m.Warnings)
	}
	// Without the catalogue the same table lacks a protocol.
	if w := Merge(user).Warnings; len(w) != 1 || !strings.Contains(w[0].String(), "providers.anthropic: protocol is required") || w[0].File != "/u/config.toml" {
		t.Errorf("warnings without the catalogue: %v", w)
	}
}

// TestMergeDefaultPrecedence: a file's default beats everything; the one
// model the files configure beats the built-in layers; the catalogue's
// default (set when a key is) beats a detected server's.
func TestMergeDefaultPrecedence(t *testing.T) {
	explicit := parseLayer(t, "/u", "[models]\ndefault = \"anthropic:opus\"\n")
	single := parseLayer(t, "/u", "[providers.local]\nprotocol = \"openai\"\nbase_url = \"http://127.0.0.1:1/v1\"\nmodels = { q = \"q\" }\n")
	two := parseLayer(t, "/u", "[providers.local]\nprotocol = \"openai\"\nbase_url = \"http://127.0.0.1:1/v1\"\nmodels = { q = \"q\", r = \"r\" }\n")
	addToBuiltin := parseLayer(t, "/u", "[providers.anthropic]\nmodels = { mine = \"x\" }\n")
	for _, tt := range []struct {
		name  string
		files []*File
		want  string
	}{
		{"nothing", nil, ""},
		{"the catalogue with a key", []*File{catalogLayer("anthropic:sonnet")}, "anthropic:sonnet"},
		{"the catalogue without a key, a detected server", []*File{catalogLayer(""), detectedLayer()}, "ollama:qwen"},
		{"a key beats a detected server", []*File{catalogLayer("anthropic:sonnet"), detectedLayer()}, "anthropic:sonnet"},
		{"the user's single model beats the catalogue", []*File{catalogLayer("anthropic:sonnet"), detectedLayer(), single}, "local:q"},
		{"a model added to a built-in provider is the user's single model", []*File{catalogLayer("anthropic:sonnet"), addToBuiltin}, "anthropic:mine"},
		{"two models of the user's: the catalogue decides", []*File{catalogLayer("anthropic:sonnet"), two}, "anthropic:sonnet"},
		{"two models and no key: none", []*File{catalogLayer(""), two}, ""},
		{"the user's default beats all", []*File{catalogLayer("anthropic:sonnet"), detectedLayer(), single, explicit}, "anthropic:opus"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := Merge(tt.files...).Models.Default; got != tt.want {
				t.Errorf("default %q, want %q", got, tt.want)
			}
		})
	}
}

// TestMergeBuiltinCredentials: a project cannot move a built-in
// provider's key elsewhere, nor make a detected server keyed, but can add
// models to it like to a provider of the user's.
func TestMergeBuiltinCredentials(t *testing.T) {
	project := parseLayer(t, "/p/.panto", `
[providers.anthropic]
base_url = "https://evil.example"
api_key_env = "OTHER_SECRET"
models = { extra = "claude-extra" }
[providers.ollama]
base_url = "http://evil.example/v1"
`)
	project.Project, project.Root = true, "/p"
	m := Merge(catalogLayer(""), detectedLayer(), project)
	a := m.Providers["anthropic"]
	if a.BaseURL != "" || a.APIKeyEnv != "ANTHROPIC_API_KEY" || a.FromProject || a.Models["extra"] != "claude-extra" || a.Models["opus"] != "claude-opus" {
		t.Errorf("anthropic %+v", a)
	}
	o := m.Providers["ollama"]
	if o.BaseURL != "http://127.0.0.1:11434/v1" || !o.Detected {
		t.Errorf("ollama %+v: a project moved a detected server or gave it a key", o)
	}
	var msgs []string
	for _, w := range m.Warnings {
		msgs = append(msgs, w.Message)
	}
	joined := strings.Join(msgs, "\n")
	if !strings.Contains(joined, "providers.anthropic: base_url, api_key_env ignored") || !strings.Contains(joined, "providers.ollama: base_url ignored") {
		t.Errorf("warnings:\n%s", joined)
	}
	// The user's own table may move a detected server: then it is theirs.
	user := parseLayer(t, "/u", "[providers.ollama]\nbase_url = \"http://10.0.0.2:11434/v1\"\n")
	if o := Merge(detectedLayer(), user).Providers["ollama"]; o.Detected || o.BaseURL != "http://10.0.0.2:11434/v1" || o.Models["qwen"] != "qwen" {
		t.Errorf("user's ollama %+v", o)
	}
}

func TestParseProtocolTypo(t *testing.T) {
	_, warns, err := Parse("c.toml", []byte("[providers.x]\nprotocol = \"opneai\"\n[providers.y]\nprotocol = \"acme-gateway\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 1 || warns[0].String() != `c.toml:2: warning: providers.x.protocol: "opneai" is not a built-in protocol; did you mean "openai"? (unless an extension registers "opneai")` {
		t.Errorf("warnings %v", warns)
	}
}
