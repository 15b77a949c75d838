package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A config.toml that is not valid TOML stops every command that reads
// the configuration with exit 1 and "panto: config: FILE:LINE:COL:",
// whichever layer it is in; it used to be skipped with a warning and
// exit 0, so the session ran without the user's settings.
func TestBrokenConfigExits1(t *testing.T) {
	// "@" is not a TOML value: line 2, column 9 (the '@').
	const broken = "[ui]\ntheme = @\n"
	cases := []struct {
		name  string
		file  func(project, run string) string
		args  []string
		where func(project, run string) string // the path as the message shows it
	}{
		{"user config, panto models",
			func(_, _ string) string { return filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "panto", "config.toml") },
			[]string{"models"},
			func(_, _ string) string { return filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "panto", "config.toml") }},
		{"user config, panto",
			func(_, _ string) string { return filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "panto", "config.toml") },
			nil,
			func(_, _ string) string { return filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "panto", "config.toml") }},
		{"project config, headless panto --prompt",
			func(p, _ string) string { return filepath.Join(p, ".panto", "config.toml") },
			[]string{"--prompt", "hello"},
			func(_, _ string) string { return ".panto/config.toml" }},
		{"project config, headless panto run DIR",
			func(p, _ string) string { return filepath.Join(p, ".panto", "config.toml") },
			[]string{"run", "RUN", "--prompt", "hello"},
			func(_, _ string) string { return ".panto/config.toml" }},
		{"local config, panto run DIR --mode json",
			func(p, _ string) string { return filepath.Join(p, ".panto", "local", "config.toml") },
			[]string{"run", "RUN", "--mode", "json", "--prompt", "hello"},
			func(_, _ string) string { return ".panto/local/config.toml" }},
		{"run folder config, panto run DIR --prompt",
			func(_, r string) string { return filepath.Join(r, "config.toml") },
			[]string{"run", "RUN", "--prompt", "hello"},
			func(_, r string) string { return filepath.Join(r, "config.toml") }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			isolate(t)
			project, run := t.TempDir(), t.TempDir()
			t.Chdir(project)
			writeFile(t, c.file(project, run), broken)
			args := make([]string, len(c.args))
			for i, a := range c.args {
				args[i] = strings.ReplaceAll(a, "RUN", run)
			}
			code, out, errOut := runCLI(t, args...)
			want := "panto: config: " + filepath.ToSlash(c.where(project, run)) + ":2:9: "
			if code != 1 || !strings.HasPrefix(errOut, want) {
				t.Errorf("exit %d, stderr %q, want exit 1 and a line starting %q (stdout %q)", code, errOut, want, out)
			}
			if strings.Contains(errOut, "ignored") {
				t.Errorf("the broken file was skipped: %q", errOut)
			}
		})
	}
}

// With no model configured, the message names the user's config.toml
// where it really is: under $XDG_CONFIG_HOME when that is set, not a
// hard-coded ~/.config.
func TestNoModelNamesRealConfigPath(t *testing.T) {
	isolate(t)
	t.Chdir(t.TempDir())
	for _, k := range []string{"ANTHROPIC_API_KEY", "OPENAI_API_KEY"} {
		t.Setenv(k, "")
	}
	code, _, errOut := runCLI(t, "--prompt", "hello")
	want := filepath.ToSlash(filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "panto", "config.toml"))
	if code != 1 || !strings.Contains(errOut, "add a provider and its models to "+want) || strings.Contains(errOut, "~/.config") {
		t.Errorf("exit %d, stderr %q, want the path %s", code, errOut, want)
	}
}

// A misspelt protocol is named with the built-in one it is closest to.
func TestUnknownProtocolSuggestion(t *testing.T) {
	isolate(t)
	t.Chdir(t.TempDir())
	writeFile(t, filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "panto", "config.toml"),
		"[providers.p]\nprotocol = \"opneai\"\nbase_url = \"http://127.0.0.1:9/v1\"\nmodels = { m = \"model-1\" }\n")
	code, _, errOut := runCLI(t, "--prompt", "hello")
	if code != 1 || !strings.Contains(errOut, "unknown protocol 'opneai'") || !strings.Contains(errOut, "did you mean 'openai'?") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	// It is caught when the file is read too, with its line: panto
	// models says so without a turn.
	code, _, errOut = runCLI(t, "models")
	if code != 0 || !strings.Contains(errOut, `config.toml:2: warning: providers.p.protocol: "opneai" is not a built-in protocol; did you mean "openai"?`) {
		t.Errorf("models: exit %d, stderr %q", code, errOut)
	}
}
