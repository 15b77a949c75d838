package discover

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHostSettingsApplyAboveTheRunLayer(t *testing.T) {
	root := t.TempDir()
	write := func(p, s string) {
		t.Helper()
		p = filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("run/config.toml", "[extensions]\ndeny = [\"x\"]\n[providers.demo]\nprotocol = \"script\"\nscript = \"t.jsonl\"\n[models]\ndefault = \"demo:a\"\n")
	write("home/.config/panto/config.toml", "[providers.real]\nprotocol = \"anthropic\"\n[extensions]\ndeny = [\"user-deny\"]\n[models]\ndefault = \"real:b\"\n")
	write("proj/.panto/config.toml", "[providers.demo]\nprotocol = \"script\"\nscript = \"p.jsonl\"\nbogus = 1\n")
	env := func(k string) string {
		if k == "HOME" {
			return filepath.Join(root, "home")
		}
		return ""
	}
	o := Options{Cwd: filepath.Join(root, "proj"), Getenv: env}
	s, err := Folder(filepath.Join(root, "run"), o)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AddHostSettings(o); err != nil {
		t.Fatal(err)
	}
	cfg := s.Config()
	if cfg.Models.Default != "real:b" {
		t.Errorf("the user's default must win over the run layer's: %q", cfg.Models.Default)
	}
	// (The project's table wins but for where the key goes: see
	// extension/config's credential rules.)
	if p := cfg.Providers["demo"]; p.Script != "p.jsonl" || p.Dir != filepath.Join(root, "proj", ".panto") {
		t.Errorf("the project's provider must win: %+v", p)
	}
	if _, ok := cfg.Providers["real"]; !ok {
		t.Error("the user's provider is missing")
	}
	if !cfg.Denied("x") || cfg.Denied("user-deny") {
		t.Error("only the run layer's [extensions] apply")
	}
	var msgs []string
	for _, p := range s.Problems() {
		msgs = append(msgs, p.String())
	}
	if !strings.Contains(strings.Join(msgs, "\n"), `unknown key "providers.demo.bogus"`) {
		t.Errorf("problems: %v", msgs)
	}
}
