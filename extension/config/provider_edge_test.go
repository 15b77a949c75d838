package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestProviderValueWarnings: values that parse as TOML but cannot be
// right are warned about at their key and replaced by the default.
func TestProviderValueWarnings(t *testing.T) {
	src := `[providers.p]
protocol = "openai"
context_window = -5
max_tokens = -1
max_response_bytes = -2
idle_timeout = -3
request_timeout = "soon"
models = { big = { id = "b", context_window = -1, max_tokens = 9 }, bad = { context_window = 1 } }
[providers."a:b"]
protocol = "openai"
`
	f, warns, err := Parse("c.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p := f.Providers["p"]
	if p.ContextWindow != 0 || p.MaxTokens != 0 || p.MaxResponseBytes != 0 || p.IdleTimeout != 0 || p.RequestTimeout != 0 {
		t.Errorf("negative values kept: %+v", p)
	}
	if p.Models["big"] != "b" || p.ModelOptions["big"].ContextWindow != 0 || p.ModelOptions["big"].MaxTokens != 9 {
		t.Errorf("model big: %q %+v", p.Models["big"], p.ModelOptions["big"])
	}
	if _, ok := p.Models["bad"]; ok {
		t.Error("a model table without an id was kept")
	}
	text := warns.String()
	for _, want := range []string{
		"c.toml:3:", "context_window", "cannot be negative",
		"c.toml:4:", "c.toml:5:",
		"idle_timeout -3 is out of range",
		`request_timeout "soon" is not a duration`,
		"context_window and max_tokens cannot be negative",
		"a model table needs an id",
		"providers.a:b: a provider name cannot contain ':'",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("warnings lack %q:\n%s", want, text)
		}
	}
}

// TestDurations: both forms of a timeout; zero in either is accepted
// (it means the default).
func TestDurations(t *testing.T) {
	for src, want := range map[string]time.Duration{
		`idle_timeout = "90s"`: 90 * time.Second,
		`idle_timeout = 120`:   2 * time.Minute,
		`idle_timeout = 1.5`:   1500 * time.Millisecond,
		`idle_timeout = "0s"`:  0,
		`idle_timeout = 0`:     0,
	} {
		f, warns, err := Parse("c.toml", []byte("[providers.p]\nprotocol = \"x\"\n"+src+"\n"))
		if err != nil || len(warns) > 0 {
			t.Fatalf("%s: %v %v", src, err, warns)
		}
		if got := f.Providers["p"].IdleTimeout; got != want {
			t.Errorf("%s: %v, want %v", src, got, want)
		}
	}
	f, warns, _ := Parse("c.toml", []byte("[providers.p]\nprotocol = \"x\"\nidle_timeout = true\n"))
	if !strings.Contains(warns.String(), "idle_timeout") {
		t.Errorf("a boolean timeout: %v", warns)
	}
	// Warned about, the timeout is left unset (the protocol's default),
	// never some other value.
	if got := f.Providers["p"].IdleTimeout; got != 0 {
		t.Errorf("a boolean timeout set idle_timeout to %v", got)
	}
}

// TestAddRuleArrays: arrays AddRule can extend in place, with strings,
// comments and nested brackets inside, and the forms it leaves alone.
func TestAddRuleArrays(t *testing.T) {
	for _, c := range []struct{ name, before, after string }{
		{"no table, no newline at the end", "[permissions]\nmode = \"ask\"", "[permissions]\nallow = [\"r\"]\nmode = \"ask\""},
		{"escaped quote and bracket in a string", "[permissions]\nallow = [\"a\\\"]\"]\n", "[permissions]\nallow = [\"a\\\"]\", \"r\"]\n"},
		{"comment with a bracket", "[permissions]\nallow = [ # ] not the end\n  \"a\",\n]\n", "[permissions]\nallow = [\"a\", \"r\"]\n"},
		{"the table header is the last line", "[permissions]", "[permissions]\nallow = [\"r\"]\n"},
		{"tabs before the array", "[permissions]\nallow =\t[\"a\"]\n", "[permissions]\nallow = [\"a\", \"r\"]\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.toml")
			if err := os.WriteFile(path, []byte(c.before), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := AddRule(path, "allow", "r"); err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(path)
			if string(got) != c.after {
				t.Errorf("got\n%q\nwant\n%q", got, c.after)
			}
		})
	}
	for _, in := range []struct {
		s  string
		ok bool
	}{{"[1]", true}, {"  [[1], [2]]", true}, {"x", false}, {"", false}, {"[\"a\n\"]", false}, {"['''a''']", false}, {"[1", false}} {
		if _, ok := arrayEnd(in.s, 0); ok != in.ok {
			t.Errorf("arrayEnd(%q) ok = %v", in.s, ok)
		}
	}
	if end, _ := arrayEnd("x = [1] # c", 3); end != 7 {
		t.Errorf("arrayEnd end %d, want 7", end)
	}
	if err := AddRule(filepath.Join(t.TempDir(), "c.toml"), "permit", "r"); err == nil || !strings.Contains(err.Error(), `no [permissions] list "permit"`) {
		t.Errorf("unknown list: %v", err)
	}
}
