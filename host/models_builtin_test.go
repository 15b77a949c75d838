package host

import (
	"strings"
	"testing"

	"panto/extension/config"
)

// TestResolveBareAliasPrefersFiles: a bare alias that a config file and
// a built-in layer both define is the file's; two built-in ones stay
// ambiguous.
func TestResolveBareAliasPrefersFiles(t *testing.T) {
	catalogue := &config.File{Path: "built-in catalogue", Builtin: true, Providers: map[string]config.Provider{
		"anthropic":  {Protocol: "anthropic", Catalog: true, Models: map[string]string{"sonnet": "claude-sonnet-5-5", "opus": "claude-opus-5-5"}},
		"openrouter": {Protocol: "openai", Catalog: true, Models: map[string]string{"opus": "anthropic/claude-opus"}},
	}}
	th := hostWith(t, map[string]string{"config.toml": "[providers.claude]\nprotocol = \"anthropic\"\nmodels = { sonnet = \"claude-sonnet-4-5\" }\n"},
		func(o *Options) {
			o.Setup.Builtin = []*config.File{catalogue}
		})
	r, err := th.ResolveModel("sonnet")
	if err != nil || r.Reference() != "claude:sonnet" {
		t.Errorf("sonnet: %v %v", r.Reference(), err)
	}
	if _, err := th.ResolveModel("opus"); err == nil || !strings.Contains(err.Error(), "ambiguous") {
		t.Errorf("opus: %v, want ambiguous", err)
	}
	if r, err := th.ResolveModel("anthropic:sonnet"); err != nil || r.ID != "claude-sonnet-5-5" {
		t.Errorf("anthropic:sonnet: %v %v", r, err)
	}
}
