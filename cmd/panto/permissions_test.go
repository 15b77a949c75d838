package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPermissionFlags: a headless turn's shell call is denied in the
// default mode (stderr says which flag allows it), runs with --allow or
// a [permissions] allow rule, and is denied by --deny and plan mode
// whatever allows it.
func TestPermissionFlags(t *testing.T) {
	isolate(t)
	turns := `{"events": [{"tool_call": {"id": "c1", "name": "shell", "input": {"command": "touch made"}}}]}` + "\n" + `{"events": [{"text": "done"}]}` + "\n"
	cases := []struct {
		name   string
		config string
		args   []string
		ran    bool
		stderr string
	}{
		{"default asks, so headless denies", "", nil, false, "panto: shell \"touch made\" was not run: default mode asks before running commands, and a headless run cannot ask; to allow it, run with --allow 'shell(touch made)'"},
		{"--allow", "", []string{"--allow", "shell(touch *)"}, true, ""},
		{"config allow", "[permissions]\nallow = [\"shell(touch made)\"]\n", nil, true, ""},
		{"--deny beats config allow", "[permissions]\nallow = [\"shell\"]\n", []string{"--deny", "shell(touch*)"}, false, ""},
		{"plan mode beats --allow", "", []string{"--permission-mode", "plan", "--allow", "shell"}, false, ""},
		{"config mode yolo", "[permissions]\nmode = \"yolo\"\n", nil, true, ""},
		{"flag mode over config mode", "[permissions]\nmode = \"yolo\"\n", []string{"--permission-mode", "default"}, false, "cannot ask"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeTree(t, dir, map[string]string{"config.toml": scriptConfig + c.config, "turns.jsonl": turns})
			wd, _ := os.Getwd()
			if err := os.Chdir(dir); err != nil {
				t.Fatal(err)
			}
			defer os.Chdir(wd)
			args := append([]string{"run", dir, "--prompt", "go", "--no-session"}, c.args...)
			code, out, errOut := runCLI(t, args...)
			if code != 0 || out != "done\n" {
				t.Fatalf("exit %d out %q err %q", code, out, errOut)
			}
			_, err := os.Stat(filepath.Join(dir, "made"))
			if ran := err == nil; ran != c.ran {
				t.Fatalf("ran = %v, want %v; stderr:\n%s", ran, c.ran, errOut)
			}
			if !strings.Contains(errOut, c.stderr) {
				t.Fatalf("stderr lacks %q:\n%s", c.stderr, errOut)
			}
			// The hint names the user's real config file.
			if cfg := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "panto", "config.toml"); c.stderr != "" && !c.ran &&
				strings.Contains(errOut, "cannot ask") && !strings.Contains(errOut, "allow in "+cfg) {
				t.Fatalf("stderr does not name %s:\n%s", cfg, errOut)
			}
		})
	}
}

func TestPermissionFlagErrors(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"config.toml": scriptConfig, "turns.jsonl": `{"events": [{"text": "x"}]}` + "\n"})
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--permission-mode", "acceptEdits"}, `panto: run: --permission-mode: unknown permission mode "acceptEdits" (default, accept-edits, plan, yolo)`},
		{[]string{"--allow", "shell(git"}, `panto: run: --allow: rule "shell(git": a pattern ends with ')'`},
	} {
		code, _, errOut := runCLI(t, append([]string{"run", dir, "--prompt", "go", "--no-session"}, c.args...)...)
		if code != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, errOut, c.want)
		}
	}
	writeTree(t, dir, map[string]string{"config.toml": scriptConfig + "[permissions]\ndeny = [\"(x)\"]\n"})
	code, _, errOut := runCLI(t, "run", dir, "--prompt", "go", "--no-session")
	if code != 1 || !strings.Contains(errOut, "config.toml: rule \"(x)\": no tool name") {
		t.Errorf("bad config rule: exit %d, stderr %q", code, errOut)
	}
}
