package config

import (
	"strings"
	"testing"
	"time"
)

func TestParseProviderSettings(t *testing.T) {
	f, warns, err := Parse("c.toml", []byte(`
[providers.local]
protocol = "openai"
base_url = "http://127.0.0.1:8080/v1"
idle_timeout = "90s"
request_timeout = "20m"
max_response_bytes = 1048576
max_tokens = 4096
context_window = 32768
headers = { "X-Title" = "panto" }
models = { qwen = "qwen3-coder", big = { id = "llama-3.3-70b", context_window = 131072, max_tokens = 8192 } }

[providers.b]
protocol = "anthropic"
idle_timeout = 45
request_timeout = 90

[providers.b.models]
sonnet = { id = "claude-sonnet-4-5", max_tokens = 64000 }
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 0 {
		t.Errorf("warnings: %v", warns)
	}
	p := f.Providers["local"]
	if p.Models["qwen"] != "qwen3-coder" || p.Models["big"] != "llama-3.3-70b" {
		t.Errorf("models %v", p.Models)
	}
	if p.IdleTimeout != 90*time.Second || p.Headers["X-Title"] != "panto" {
		t.Errorf("idle %v headers %v", p.IdleTimeout, p.Headers)
	}
	if p.RequestTimeout != 20*time.Minute || p.MaxResponseBytes != 1<<20 {
		t.Errorf("request_timeout %v max_response_bytes %d", p.RequestTimeout, p.MaxResponseBytes)
	}
	for _, c := range []struct {
		alias  string
		window int64
		tokens int
	}{
		{"big", 131072, 8192},
		{"qwen", 32768, 4096}, // the provider's
	} {
		if w, m := p.ModelContextWindow(c.alias), p.ModelMaxTokens(c.alias); w != c.window || m != c.tokens {
			t.Errorf("%s: window %d, max_tokens %d; want %d, %d", c.alias, w, m, c.window, c.tokens)
		}
	}
	b := f.Providers["b"]
	if b.IdleTimeout != 45*time.Second || b.RequestTimeout != 90*time.Second || b.MaxResponseBytes != 0 || b.Models["sonnet"] != "claude-sonnet-4-5" || b.ModelMaxTokens("sonnet") != 64000 || b.ModelContextWindow("sonnet") != 0 {
		t.Errorf("b: %+v", b)
	}
}

// A provider's models that are not a table (models = 5) are reported
// where the file is read, not ignored.
func TestParseProviderModelsNotATable(t *testing.T) {
	for _, c := range []struct{ value, kind string }{
		{"5", "an integer"},
		{`"m"`, "a string"},
		{"[1, 2]", "an array"},
	} {
		_, warns, err := Parse("c.toml", []byte("[providers.p]\nprotocol = \"openai\"\nmodels = "+c.value+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		want := `c.toml:3: warning: providers.p.models: models is a table of aliases ({ alias = "upstream-id" }), not ` + c.kind
		if len(warns) != 1 || warns[0].Error() != want {
			t.Errorf("models = %s: %v, want %q", c.value, warns, want)
		}
	}
}

func TestParseProviderWarnings(t *testing.T) {
	_, warns, err := Parse("c.toml", []byte(`[providers.p]
protocol = "openai"
idle_timeout = "soon"
max_tokens = -1
models = { a = { context_window = 10 }, b = 3, c = { id = "x", bogus = 1 } }
request_timeout = "later"
max_response_bytes = -5
max_requests = -3
`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range warns {
		got = append(got, w.Error())
	}
	want := []string{
		`c.toml:5: warning: providers.p.models.a: a model table needs an id`,
		`c.toml:5: warning: providers.p.models.b: a model is an upstream id ("id") or a table ({ id = "...", context_window = N, max_tokens = N })`,
		`c.toml:3: warning: providers.p.idle_timeout: idle_timeout "soon" is not a duration ("90s", "5m")`,
		`c.toml:6: warning: providers.p.request_timeout: request_timeout "later" is not a duration ("90s", "5m")`,
		`c.toml:7: warning: providers.p.max_response_bytes: cannot be negative`,
		`c.toml:4: warning: providers.p.max_tokens: cannot be negative`,
		`c.toml:8: warning: providers.p.max_requests: cannot be negative`,
		`c.toml:5: warning: unknown key "providers.p.models.c.bogus"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
