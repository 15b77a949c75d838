package config

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestMergeBoneHooksAndOrigins: [bone] init comes from the highest file
// that sets it (false included); every file's hooks are kept, in layer
// order, with whether a project gave them; the built-in layers are
// remembered, so a model of theirs is not counted as configured.
func TestMergeBoneHooksAndOrigins(t *testing.T) {
	user := parseLayer(t, "/u", `
[bone]
init = false
[[hooks.Stop]]
hooks = [{ command = "./user-stop.sh" }]
[providers.mine]
protocol = "openai"
models = { m = "m-1" }
`)
	project := parseLayer(t, "/p/.panto", `
[[hooks.PreToolUse]]
matcher = "Bash"
hooks = [{ command = "./check.sh" }]
[providers.anthropic]
models = { extra = "claude-extra" }
`)
	project.Project = true
	silent := parseLayer(t, "/p/sub/.panto", "[ui]\ntheme = \"x\"\n")
	cat, det := catalogLayer(""), detectedLayer()
	m := Merge(cat, det, user, project, silent)

	if m.Bone.Init == nil || *m.Bone.Init {
		t.Errorf("bone init %v, want the user's false", m.Bone.Init)
	}
	on := parseLayer(t, "/q", "[bone]\ninit = true\n")
	if got := Merge(user, on, silent).Bone.Init; got == nil || !*got {
		t.Errorf("bone init %v, want the higher file's true", got)
	}
	if got := Merge(silent).Bone.Init; got != nil {
		t.Errorf("bone init %v where no file sets it", *got)
	}

	want := []HooksOf{{Path: "/u/config.toml", Hooks: user.Hooks}, {Path: "/p/.panto/config.toml", Project: true, Hooks: project.Hooks}}
	if !reflect.DeepEqual(m.Hooks, want) {
		t.Errorf("hooks %+v, want %+v", m.Hooks, want)
	}

	if want := []string{cat.Path, det.Path}; !slices.Equal(m.BuiltinPaths, want) {
		t.Errorf("built-in paths %q, want %q", m.BuiltinPaths, want)
	}
	if !m.IsBuiltin("built-in catalogue") || m.IsBuiltin("/u/config.toml") {
		t.Error("IsBuiltin")
	}
	if got := strings.Join(m.ConfiguredRefs(), " "); got != "anthropic:extra mine:m" {
		t.Errorf("configured refs %q", got)
	}
	if got := strings.Join(m.ModelRefs(), " "); got != "anthropic:extra anthropic:opus anthropic:sonnet mine:m ollama:qwen" {
		t.Errorf("model refs %q", got)
	}
	// Two configured models: no single-model default; the detected
	// server's default (the catalogue has none without a key).
	if m.Models.Default != "ollama:qwen" {
		t.Errorf("default %q", m.Models.Default)
	}
}

// TestMergeProtocolRequired: a provider left without a protocol after
// merging is reported once, at the file that defined it.
func TestMergeProtocolRequired(t *testing.T) {
	a := parseLayer(t, "/a", "[providers.p]\nbase_url = \"http://127.0.0.1:1\"\n[providers.q]\nprotocol = \"openai\"\n")
	b := parseLayer(t, "/b", "[providers.r]\nlabel = \"R\"\n")
	m := Merge(a, b)
	var got []string
	for _, w := range m.Warnings {
		got = append(got, w.String())
	}
	want := []string{"/a/config.toml: warning: providers.p: protocol is required", "/b/config.toml: warning: providers.r: protocol is required"}
	if !slices.Equal(got, want) {
		t.Errorf("warnings %q, want %q", got, want)
	}
	// A higher table that gives the protocol settles it.
	c := parseLayer(t, "/c", "[providers.p]\nprotocol = \"anthropic\"\n")
	if w := Merge(a, c).Warnings; len(w) != 0 {
		t.Errorf("warnings %v", w)
	}
}
