//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"panto/internal/childproc"
	"panto/internal/pantobin"
)

// sandboxRun runs panto in a fresh project with the user config given,
// and a temp folder of its own (so the test's other temp folders are
// outside everything the sandbox allows).
func sandboxRun(t *testing.T, userConfig string, args ...string) (proj, outside, output string) {
	t.Helper()
	bin := pantobin.Path(t)
	proj, outside = t.TempDir(), t.TempDir()
	cfg := t.TempDir()
	writeTree(t, cfg, map[string]string{"panto/config.toml": userConfig})
	cmd := exec.Command(bin, args...)
	cmd.Dir = proj
	cmd.Env = append(os.Environ(), "XDG_DATA_HOME="+t.TempDir(), "XDG_CONFIG_HOME="+cfg, "HOME="+t.TempDir(),
		"TMPDIR="+t.TempDir(), "OUTSIDE="+outside)
	out, _ := cmd.CombinedOutput()
	return proj, outside, string(out)
}

func needSandbox(t *testing.T) {
	t.Helper()
	childproc.UseHelper("/proc/self/exe") // Available asks the kernel, as panto does
	defer childproc.UseHelper("")
	if ok, why := childproc.Available(); !ok {
		t.Skip("no sandbox to test: " + why)
	}
}

// TestShellSandbox: the shell tool's command, run by a headless turn,
// writes in the project and not outside it, unless [sandbox] mode is
// off; the model reads why the write failed.
func TestShellSandbox(t *testing.T) {
	needSandbox(t)
	for _, c := range []struct {
		name, config string
		inside       bool
		outside      bool
	}{
		{"default", "", true, false},
		{"read-only", "[sandbox]\nmode = \"read-only\"\n", false, false},
		{"off", "[sandbox]\nmode = \"off\"\n", true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			// The second reply checks what the model was told.
			expect := `"exit code: 0"`
			if !c.outside {
				expect = `"Permission denied"`
			}
			layer := t.TempDir()
			writeTree(t, layer, map[string]string{
				"config.toml": scriptConfig,
				"turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "shell", "input": {"command": "touch inside; touch \"$OUTSIDE/outside\""}}}]}` + "\n" +
					`{"expect": {"tool_result": ` + expect + `}, "text": "done"}` + "\n",
			})
			proj, outside, out := sandboxRun(t, c.config, "run", layer, "--prompt", "touch them", "--allow", "shell", "--no-session")
			_, errIn := os.Stat(filepath.Join(proj, "inside"))
			_, errOut := os.Stat(filepath.Join(outside, "outside"))
			if (errIn == nil) != c.inside || (errOut == nil) != c.outside || strings.TrimSpace(out) != "done" {
				t.Fatalf("inside written: %v, outside written: %v\n%s", errIn == nil, errOut == nil, out)
			}
		})
	}
}

// TestSandboxAutoAllow: a headless turn in the default mode cannot run
// a shell command no rule allows, unless [sandbox] auto_allow lets the
// sandboxed command run.
func TestSandboxAutoAllow(t *testing.T) {
	needSandbox(t)
	layer := t.TempDir()
	writeTree(t, layer, map[string]string{
		"config.toml": scriptConfig,
		"turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "shell", "input": {"command": "touch made"}}}]}` + "\n" +
			`{"text": "done"}` + "\n",
	})
	for _, c := range []struct {
		name, config string
		made         bool
	}{
		{"asks", "", false},
		{"auto-allowed", "[sandbox]\nauto_allow = true\n", true},
		{"auto-allow needs the sandbox", "[sandbox]\nauto_allow = true\nmode = \"off\"\n", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			proj, _, out := sandboxRun(t, c.config, "run", layer, "--prompt", "make it", "--no-session")
			if _, err := os.Stat(filepath.Join(proj, "made")); (err == nil) != c.made {
				t.Fatalf("made: %v, want %v\n%s", err == nil, c.made, out)
			}
		})
	}
}
