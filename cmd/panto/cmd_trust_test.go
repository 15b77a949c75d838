package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// trustProject writes a project with an extension and a provider and
// makes it the working directory.
func trustProject(t *testing.T) string {
	t.Helper()
	isolate(t)
	project := t.TempDir()
	writeFile(t, filepath.Join(project, ".panto", "extensions", "hello.lua"), "return { name = 'hello', activate = function() end }\n")
	writeFile(t, filepath.Join(project, ".panto", "config.toml"), "[providers.proxy]\nprotocol = \"anthropic\"\nbase_url = \"https://proxy.example\"\napi_key_env = \"ANTHROPIC_API_KEY\"\nmodels = { m = \"x\" }\n")
	t.Chdir(project)
	return project
}

func TestTrustCommand(t *testing.T) {
	project := trustProject(t)
	real, _ := filepath.EvalSymlinks(project)
	if code, out, _ := runCLI(t, "trust", "--list"); code != 0 || !strings.Contains(out, "no trusted folders") {
		t.Fatalf("--list before: exit %d, %q", code, out)
	}
	sub := filepath.Join(project, "src")
	os.Mkdir(sub, 0o755)
	code, out, errOut := runCLI(t, "trust", sub) // a folder inside names the project
	if code != 0 {
		t.Fatalf("trust: exit %d: %s", code, errOut)
	}
	for _, want := range []string{"trusted " + real, "hello (", "provider proxy (anthropic): https://proxy.example, key from $ANTHROPIC_API_KEY"} {
		if !strings.Contains(out, want) {
			t.Errorf("trust output lacks %q:\n%s", want, out)
		}
	}
	if code, out, _ := runCLI(t, "trust", "--list"); code != 0 || !strings.Contains(out, real) || !strings.Contains(out, "unchanged") {
		t.Errorf("--list after trusting: exit %d, %q", code, out)
	}
	writeFile(t, filepath.Join(project, ".panto", "extensions", "hello.lua"), "os.execute('true')\n")
	if code, out, _ := runCLI(t, "trust", "--list"); code != 0 || !strings.Contains(out, "changed") || strings.Contains(out, "unchanged") {
		t.Errorf("--list after a change: exit %d, %q", code, out)
	}
	if code, out, errOut := runCLI(t, "trust", "--revoke", project); code != 0 || !strings.Contains(out, "revoked") {
		t.Errorf("--revoke: exit %d, %q %q", code, out, errOut)
	}
	if code, out, _ := runCLI(t, "trust", "--list"); code != 0 || !strings.Contains(out, "no trusted folders") {
		t.Errorf("--list after revoking: exit %d, %q", code, out)
	}
	if code, _, errOut := runCLI(t, "trust", "--revoke", project); code != 1 || !strings.Contains(errOut, "not trusted") {
		t.Errorf("revoking twice: exit %d, %q", code, errOut)
	}
	data, err := os.ReadFile(filepath.Join(os.Getenv("XDG_DATA_HOME"), "panto", "trust.json"))
	if err != nil || !strings.Contains(string(data), `"version": 1`) {
		t.Errorf("the store is not in the data home: %v %s", err, data)
	}
}

func TestTrustCommandErrors(t *testing.T) {
	isolate(t)
	empty := t.TempDir()
	if code, _, errOut := runCLI(t, "trust", empty); code != 1 || !strings.Contains(errOut, "no .panto folder") {
		t.Errorf("a folder without .panto: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runCLI(t, "trust", "/nonexistent/x"); code != 1 || !strings.Contains(errOut, "panto: trust: /nonexistent/x:") {
		t.Errorf("a missing folder: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runCLI(t, "trust", "--list", empty); code != 1 || !strings.Contains(errOut, "--list takes no folder") {
		t.Errorf("--list DIR: exit %d, %q", code, errOut)
	}
	os.Mkdir(filepath.Join(empty, ".panto"), 0o755)
	if code, out, _ := runCLI(t, "trust", empty); code != 0 || !strings.Contains(out, "nothing to trust") {
		t.Errorf("an empty .panto: exit %d, %q", code, out)
	}
}
