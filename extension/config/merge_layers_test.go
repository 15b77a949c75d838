package config

import (
	"slices"
	"strings"
	"testing"
)

// parseLayer parses one layer's config.toml and records its folder.
func parseLayer(t *testing.T, dir, src string) *File {
	t.Helper()
	f, warns, err := ParseLayer(dir+"/config.toml", []byte(src))
	if err != nil || len(warns) > 0 {
		t.Fatalf("parse %q: %v %v", src, err, warns)
	}
	f.Dir = dir
	return f
}

// TestMergeLayers merges a user, a project and a bundle-like layer and
// checks each field's rule: allow and deny lists add up in layer order,
// a provider table comes whole from the highest layer that has it (with
// that layer's folder), every other setting from the highest layer that
// sets it, permissions only from files that have some.
func TestMergeLayers(t *testing.T) {
	user := parseLayer(t, "/home/u/.config/panto", `
[extensions]
allow = ["git*", "lint"]
deny = ["evil"]
[providers.cloud]
protocol = "anthropic"
base_url = "https://user.example"
models = { s = "sonnet", h = "haiku" }
[providers.local]
protocol = "openai"
models = { q = "qwen" }
max_tokens = 100
[models]
default = "cloud:s"
reasoning = "low"
[ui]
theme = "dark"
[permissions]
mode = "ask"
`)
	project := parseLayer(t, "/work/proj/.panto", `
[extensions]
allow = ["test"]
[providers.cloud]
protocol = "openai"
models = { x = "gpt" }
[ui]
theme = "light"
[permissions]
ask = ["bash(rm *)"]
`)
	empty := parseLayer(t, "/work/proj/sub/.panto", `
[models]
reasoning = "high"
`)
	m := Merge(user, nil, project, empty)
	if want := []string{"git*", "lint", "test"}; !slices.Equal(m.Allow, want) {
		t.Errorf("allow %v, want %v", m.Allow, want)
	}
	if want := []string{"evil"}; !slices.Equal(m.Deny, want) {
		t.Errorf("deny %v, want %v", m.Deny, want)
	}
	cloud := m.Providers["cloud"]
	if cloud.Protocol != "openai" || cloud.BaseURL != "" || len(cloud.Models) != 1 || cloud.Models["x"] != "gpt" || cloud.Dir != "/work/proj/.panto" {
		t.Errorf("cloud: %+v", cloud)
	}
	local := m.Providers["local"]
	if local.Protocol != "openai" || local.MaxTokens != 100 || local.Dir != "/home/u/.config/panto" {
		t.Errorf("local: %+v", local)
	}
	if m.Models.Default != "cloud:s" || m.Models.Reasoning != "high" {
		t.Errorf("models %+v", m.Models)
	}
	if m.UI.Theme != "light" {
		t.Errorf("theme %q, want the project's", m.UI.Theme)
	}
	if len(m.Permissions) != 2 || m.Permissions[0].Path != user.Path || m.Permissions[0].Mode != "ask" ||
		m.Permissions[1].Path != project.Path || !slices.Equal(m.Permissions[1].Ask, []string{"bash(rm *)"}) {
		t.Errorf("permissions %+v", m.Permissions)
	}
	if refs := strings.Join(m.ModelRefs(), " "); refs != "cloud:x local:q" {
		t.Errorf("refs %q", refs)
	}
	// Lower layers keep their values when the higher ones are silent.
	if m := Merge(user, empty); m.UI.Theme != "dark" || m.Models.Default != "cloud:s" || len(m.Permissions) != 1 {
		t.Errorf("silent higher layer: %+v", m)
	}
}

// TestMergeDefaultFromReplacedProvider: the single-model default counts
// the models left after a higher layer replaced a provider.
func TestMergeDefaultFromReplacedProvider(t *testing.T) {
	low := parseLayer(t, "/a", "[providers.p]\nprotocol = \"openai\"\nmodels = { a = \"1\", b = \"2\" }\n")
	high := parseLayer(t, "/b", "[providers.p]\nprotocol = \"openai\"\nmodels = { only = \"3\" }\n")
	if got := Merge(low).Models.Default; got != "" {
		t.Errorf("two models gave default %q", got)
	}
	if got := Merge(low, high).Models.Default; got != "p:only" {
		t.Errorf("default %q, want p:only", got)
	}
}

// TestAllowedEdges: empty names never match (not even "*"), a malformed
// pattern matches nothing, and any of an extension's names may match.
func TestAllowedEdges(t *testing.T) {
	all := &Merged{Allow: []string{"*"}, Deny: []string{"*.bad"}}
	for _, c := range []struct {
		names   []string
		allowed bool
		denied  bool
	}{
		{[]string{""}, false, false},
		{[]string{"", "ok"}, true, false},
		{[]string{"x.bad", "ok"}, false, true},
		{nil, false, false},
	} {
		if got := all.Allowed(c.names...); got != c.allowed {
			t.Errorf("Allowed(%q) = %v", c.names, got)
		}
		if got := all.Denied(c.names...); got != c.denied {
			t.Errorf("Denied(%q) = %v", c.names, got)
		}
	}
	broken := &Merged{Allow: []string{"["}, Deny: []string{"["}}
	if broken.Allowed("[") || broken.Denied("[") {
		t.Error("a malformed pattern matched")
	}
	open := &Merged{}
	if !open.Allowed("anything") || open.Denied("anything") {
		t.Error("no lists: everything is allowed")
	}
}

// TestBadPatternsWarn: empty and malformed name patterns are reported.
func TestBadPatternsWarn(t *testing.T) {
	_, warns, err := Parse("c.toml", []byte("[extensions]\nallow = [\"\", \"ok*\"]\ndeny = [\"[\"]\n"))
	if err != nil {
		t.Fatal(err)
	}
	text := warns.String()
	if !strings.Contains(text, `bad name pattern ""`) || !strings.Contains(text, `bad name pattern "["`) || strings.Contains(text, "ok*") {
		t.Errorf("warnings: %s", text)
	}
}

// TestModelLimits: a model's own positive limits win, the smallest (1)
// included; zero or missing fall back to the provider's.
func TestModelLimits(t *testing.T) {
	p := Provider{MaxTokens: 100, ContextWindow: 1000, ModelOptions: map[string]ModelOptions{
		"own":  {MaxTokens: 7, ContextWindow: 70},
		"zero": {},
		"one":  {MaxTokens: 1, ContextWindow: 1},
	}}
	for _, c := range []struct {
		alias  string
		tokens int
		window int64
	}{{"own", 7, 70}, {"zero", 100, 1000}, {"missing", 100, 1000}, {"one", 1, 1}} {
		if got := p.ModelMaxTokens(c.alias); got != c.tokens {
			t.Errorf("ModelMaxTokens(%s) = %d, want %d", c.alias, got, c.tokens)
		}
		if got := p.ModelContextWindow(c.alias); got != c.window {
			t.Errorf("ModelContextWindow(%s) = %d, want %d", c.alias, got, c.window)
		}
	}
}

// TestMergeSubagentsMaxDepth: the highest file that sets a positive
// [subagents] max_depth wins; zero and negative values leave it.
func TestMergeSubagentsMaxDepth(t *testing.T) {
	parse := func(text string) *File {
		f, _, err := Parse("c.toml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	cases := []struct {
		files []string
		want  int
	}{
		{[]string{""}, 0},
		{[]string{"[subagents]\nmax_depth = 2\n"}, 2},
		{[]string{"[subagents]\nmax_depth = 2\n", "[subagents]\nmax_depth = 5\n"}, 5},
		{[]string{"[subagents]\nmax_depth = 2\n", "[subagents]\nmax_depth = -1\n"}, 2},
	}
	for _, c := range cases {
		var fs []*File
		for _, text := range c.files {
			fs = append(fs, parse(text))
		}
		if got := Merge(fs...).Subagents.MaxDepth; got != c.want {
			t.Errorf("%q: max_depth %d, want %d", c.files, got, c.want)
		}
	}
}
