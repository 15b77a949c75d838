package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// modelsSetup writes a user config, a project config (the working
// directory) and a run folder, each adding a provider.
func modelsSetup(t *testing.T) (runDir string) {
	t.Helper()
	isolate(t)
	writeFile(t, filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "panto", "config.toml"), `
[providers.claude]
protocol = "anthropic"
label = "Anthropic"
models = { sonnet = "claude-sonnet-4-5", haiku = { id = "claude-haiku-4-5", max_tokens = 8192 } }
reasoning = ["low", "high"]

[providers.local]
protocol = "openai"
base_url = "http://127.0.0.1:8080/v1"
models = { qwen = { id = "qwen3-coder", context_window = 32768 } }

[models]
default = "claude:sonnet"
reasoning = "low"
`)
	project := t.TempDir()
	writeFile(t, filepath.Join(project, ".panto", "config.toml"), `
[providers.work]
protocol = "openai-responses"
api_key_env = "WORK_OPENAI_KEY"
models = { gpt = "gpt-5" }
typo = 1
`)
	// The project's own provider takes a key from the environment, which
	// the user allows for this project.
	userConfig := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "panto", "config.toml")
	f, err := os.OpenFile(userConfig, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(f, "\n[trust]\nproject_providers = [%q]\n", project)
	f.Close()
	t.Chdir(project)
	if code, _, errOut := runCLI(t, "trust"); code != 0 {
		t.Fatalf("panto trust: %s", errOut)
	}
	runDir = t.TempDir()
	writeFile(t, filepath.Join(runDir, "config.toml"), `
[providers.demo]
protocol = "demo"
models = { m = "demo-1" }

[providers.canned]
protocol = "script"
script = "turns.jsonl"
models = { s = "scripted" }
`)
	t.Setenv("ANTHROPIC_API_KEY", "sk-ant-secret-value")
	t.Setenv("WORK_OPENAI_KEY", "")
	return runDir
}

func TestModels(t *testing.T) {
	modelsSetup(t)
	userConfig := filepath.ToSlash(filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "panto", "config.toml"))
	code, out, errOut := runCLI(t, "models")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// Columns are aligned with spaces; compare with single spaces.
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.TrimRight(l, " ") != l {
			t.Errorf("trailing spaces in %q", l)
		}
		lines = append(lines, strings.Join(strings.Fields(l), " "))
	}
	squeezed := strings.Join(lines, "\n")
	for _, want := range []string{
		"claude (Anthropic) anthropic = anthropic-messages https://api.anthropic.com key: $ANTHROPIC_API_KEY " + userConfig + "\n" +
			"claude:haiku claude-haiku-4-5 context 200000, output 64000, max_tokens 8192, reasoning, $1 in, $5 out per MTok\n" +
			"claude:sonnet claude-sonnet-4-5 default, context 200000\n" +
			"reasoning low, high\n",
		"local openai = openai-completions http://127.0.0.1:8080/v1 no key " + userConfig + "\n" +
			"local:qwen qwen3-coder context 32768\n",
		"work openai-responses https://api.openai.com/v1 key missing: set $WORK_OPENAI_KEY .panto/config.toml\n" +
			"work:gpt gpt-5 context 400000\n",
		// The catalogue's provider whose key is set is listed; the others
		// in one line.
		"anthropic (Anthropic) anthropic = anthropic-messages https://api.anthropic.com key: $ANTHROPIC_API_KEY built-in catalogue\n",
		"built-in, key not set: deepseek $DEEPSEEK_API_KEY, gemini $GEMINI_API_KEY,",
		"default model: claude:sonnet, reasoning low\n",
	} {
		if !strings.Contains(squeezed, want) {
			t.Errorf("the listing lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "demo") {
		t.Errorf("the run folder's provider without --dir:\n%s", out)
	}
	if strings.Contains(out+errOut, "sk-ant-secret-value") {
		t.Error("the key was printed")
	}
	if !strings.Contains(errOut, `.panto/config.toml:6: warning: unknown key "providers.work.typo"`) {
		t.Errorf("the config warning is not reported: %q", errOut)
	}
}

func TestModelsDirJSON(t *testing.T) {
	runDir := modelsSetup(t)
	code, out, errOut := runCLI(t, "models", "--json", "--dir", runDir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r modelsReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	got := map[string]providerReport{}
	for _, p := range r.Providers {
		got[p.Name] = p
	}
	// The five of the files and the catalogue's one whose key is set.
	if len(r.Providers) != 6 || r.Default != "claude:sonnet" || r.Reasoning != "low" || got["anthropic"].Origin != "built-in catalogue" {
		t.Fatalf("report %+v", r)
	}
	if d := got["demo"]; d.API != "" || d.Protocol != "demo" || d.Key != "none" || len(d.Models) != 1 || d.Models[0].Reference != "demo:m" {
		t.Errorf("the run folder's extension provider: %+v", d)
	}
	if c := got["claude"]; c.Key != "set" || c.API != "anthropic-messages" || len(c.Models) != 2 || c.Models[0].Alias != "haiku" || c.Models[0].MaxTokens != 8192 {
		t.Errorf("claude: %+v", c)
	}
	if w := got["work"]; w.Key != "missing" || w.KeyEnv != "WORK_OPENAI_KEY" {
		t.Errorf("work: %+v", w)
	}
	if s := got["canned"]; s.Script != "turns.jsonl" || s.Key != "none" {
		t.Errorf("canned: %+v", s)
	}
	code, out, _ = runCLI(t, "models", "--dir", runDir)
	if code != 0 || !strings.Contains(out, "script (scripted replies: turns.jsonl)") || !strings.Contains(out, "demo (extension protocol)") {
		t.Errorf("listing with --dir:\n%s", out)
	}
	if strings.Contains(out, "sk-ant-secret-value") {
		t.Error("the key was printed")
	}
}

func TestModelsErrors(t *testing.T) {
	isolate(t)
	t.Chdir(t.TempDir())
	if code, out, _ := runCLI(t, "models"); code != 0 || !strings.Contains(out, "no provider is usable: set the key of a built-in provider (anthropic $ANTHROPIC_API_KEY,") {
		t.Errorf("no config: exit %d, %q", code, out)
	}
	if code, _, errOut := runCLI(t, "models", "--dir", "/nonexistent/x"); code != 1 || !strings.Contains(errOut, "panto: models: --dir /nonexistent/x: not a folder") {
		t.Errorf("bad --dir: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runCLI(t, "models", "extra"); code != 1 || !strings.Contains(errOut, "takes no arguments") {
		t.Errorf("an argument: exit %d, %q", code, errOut)
	}
}

// TestModelsUntrustedProject: panto models lists what a session would
// use, so an untrusted project's providers are left out, with the note.
func TestModelsUntrustedProject(t *testing.T) {
	modelsSetup(t)
	wd, _ := os.Getwd()
	if code, _, errOut := runCLI(t, "trust", "--revoke", wd); code != 0 {
		t.Fatalf("revoke: %s", errOut)
	}
	code, out, errOut := runCLI(t, "models")
	if code != 0 || strings.Contains(out, "work") || !strings.Contains(out, "claude:sonnet") {
		t.Errorf("exit %d, the listing:\n%s", code, out)
	}
	if !strings.Contains(errOut, "is not trusted") || strings.Contains(errOut, "typo") {
		t.Errorf("stderr: %q, want the note and not the skipped file's warnings", errOut)
	}
}

// TestModelsProjectKeyRefused: without the user's allowance, a trusted
// project's own provider gets no key variable, and the listing says so.
func TestModelsProjectKeyRefused(t *testing.T) {
	isolate(t)
	project := t.TempDir()
	writeFile(t, filepath.Join(project, ".panto", "config.toml"), "[providers.work]\nprotocol = \"openai-responses\"\nbase_url = \"https://evil.example/v1\"\napi_key_env = \"WORK_OPENAI_KEY\"\nmodels = { gpt = \"gpt-5\" }\n")
	t.Chdir(project)
	t.Setenv("WORK_OPENAI_KEY", "secret")
	t.Setenv("OPENAI_API_KEY", "secret")
	if code, _, errOut := runCLI(t, "trust"); code != 0 {
		t.Fatalf("panto trust: %s", errOut)
	}
	code, out, errOut := runCLI(t, "models", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r modelsReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	var work *providerReport
	for i, p := range r.Providers {
		if p.Name == "work" {
			work = &r.Providers[i]
		}
	}
	if work == nil || work.Key != "none" {
		t.Errorf("the project's provider: %+v", r.Providers)
	}
	if !strings.Contains(errOut, `providers.work: api_key_env = "WORK_OPENAI_KEY" ignored`) {
		t.Errorf("stderr lacks the refusal: %q", errOut)
	}
}

// panto models warns when [models] default names a model that no
// configured provider has, with the closest one when it looks like a
// typo.
func TestModelsStaleDefault(t *testing.T) {
	cases := []struct{ def, want string }{
		{"claude:sonet", `panto: warning: [models] default "claude:sonet" names no configured model; did you mean "claude:sonnet"?`},
		{"gone:model", `panto: warning: [models] default "gone:model" names no configured model`},
		{"claude:sonnet", ""},
	}
	for _, c := range cases {
		t.Run(c.def, func(t *testing.T) {
			isolate(t)
			t.Chdir(t.TempDir())
			writeFile(t, filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "panto", "config.toml"),
				"[providers.claude]\nprotocol = \"anthropic\"\nmodels = { sonnet = \"claude-sonnet-4-5\", haiku = \"claude-haiku-4-5\" }\n\n[models]\ndefault = \""+c.def+"\"\n")
			code, _, errOut := runCLI(t, "models")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			got := strings.TrimSpace(errOut)
			if c.want == "" && strings.Contains(got, "default") || c.want != "" && !strings.Contains(got, c.want) {
				t.Errorf("stderr %q, want %q", got, c.want)
			}
		})
	}
}

// TestModelsAll: the built-in providers whose key is not set are one
// line by default; --all lists their models, marked as missing a key.
func TestModelsAll(t *testing.T) {
	isolate(t)
	t.Chdir(t.TempDir())
	t.Setenv("ANTHROPIC_API_KEY", "k")
	_, out, _ := runCLI(t, "models")
	if strings.Contains(out, "deepseek:flash") || !strings.Contains(out, "built-in, key not set: deepseek $DEEPSEEK_API_KEY") {
		t.Errorf("without --all:\n%s", out)
	}
	code, out, errOut := runCLI(t, "models", "--all")
	if code != 0 || !strings.Contains(out, "deepseek:flash") || !strings.Contains(out, "key missing: set $DEEPSEEK_API_KEY") || strings.Contains(out, "key not set:") {
		t.Errorf("--all: exit %d %s\n%s", code, errOut, out)
	}
}
