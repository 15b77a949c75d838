package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// boneHome writes testdata/bone/init.lua as the user's
// ~/.bone-rust/init.lua and a user config.toml whose model is the
// script in turns, and returns the project folder to run in.
func boneHome(t *testing.T, turns string, extra map[string]string) string {
	t.Helper()
	isolate(t)
	initLua, err := os.ReadFile(filepath.Join("testdata", "bone", "init.lua"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{".bone-rust/init.lua": string(initLua)}
	for k, v := range extra {
		files[k] = v
	}
	writeTree(t, os.Getenv("HOME"), files)
	writeTree(t, filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "panto"), map[string]string{
		"config.toml": scriptConfig,
		"turns.jsonl": turns,
	})
	project := t.TempDir()
	writeTree(t, project, map[string]string{"words.txt": "the quick brown fox\n"})
	inProject(t, project)
	return project
}

// TestBoneInitHeadless: a bone user's init.lua runs in a headless turn:
// its read_only tool runs without asking, its tool_call hook blocks a
// call with its reason, its before_turn hook appends to the system
// prompt of every request, a stateful tool threads its state, and the
// start-up line says what was loaded.
func TestBoneInitHeadless(t *testing.T) {
	turns := `{"expect": {"system": "BONE-RULE: answer briefly.", "tools": ["word_count", "tally", "note"]}, "events": [{"tool_call": {"id": "c1", "name": "word_count", "input": {"path": "words.txt"}}}, {"tool_call": {"id": "c2", "name": "tally", "input": {"n": 2}}}, {"tool_call": {"id": "c3", "name": "tally", "input": {"n": 3}}}, {"tool_call": {"id": "c4", "name": "forbidden", "input": {}}}]}
{"expect": {"system": "BONE-RULE", "tool_result": "forbidden is blocked by init.lua"}, "events": [{"text": "done"}]}
`
	boneHome(t, turns, nil)
	code, out, errOut := runCLI(t, "-p", "count", "--no-session", "--verbose")
	if code != 0 || out != "done\n" {
		t.Fatalf("exit %d out %q err:\n%s", code, out, errOut)
	}
	for _, want := range []string{
		"bone: loaded ~/.bone-rust/init.lua (4 tools, 1 commands, 1 subagents, 3 hooks)",
		"⎿ words.txt: 4 words",
		"⎿ tally 2",
		"⎿ tally 5",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if strings.Contains(errOut, "FORBIDDEN RAN") {
		t.Errorf("the blocked tool ran:\n%s", errOut)
	}
}

// TestBoneProjectFolderTrust: a project's .panto/bone/init.lua obeys
// workspace trust: skipped while the project is untrusted, loaded once
// it is trusted.
func TestBoneProjectFolderTrust(t *testing.T) {
	turns := strings.Repeat(`{"events": [{"text": "ok"}]}`+"\n", 2)
	project := boneHome(t, turns, nil)
	writeTree(t, project, map[string]string{
		".panto/bone/init.lua": `bone.register_command("proj", function() return "x" end)` + "\n",
	})
	_, _, errOut := runCLI(t, "-p", "hi", "--no-session")
	if !strings.Contains(errOut, "not trusted") || strings.Contains(errOut, ".panto/bone/init.lua") {
		t.Fatalf("untrusted:\n%s", errOut)
	}
	if code, _, errOut := runCLI(t, "trust", project); code != 0 {
		t.Fatalf("trust: %s", errOut)
	}
	code, out, errOut := runCLI(t, "-p", "hi", "--no-session")
	if code != 0 || out != "ok\n" || !strings.Contains(errOut, ".panto/bone/init.lua (4 tools, 2 commands") {
		t.Fatalf("trusted: exit %d out %q\n%s", code, out, errOut)
	}
}

// TestBoneBundleFolder: a bone/ folder in a layer given to panto run
// travels in its bundle and runs there.
func TestBoneBundleFolder(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"config.toml": scriptConfig,
		"turns.jsonl": `{"expect": {"tools": ["shout"]}, "events": [{"tool_call": {"id": "c1", "name": "shout", "input": {"text": "hi"}}}]}` + "\n" + `{"expect": {"tool_result": "HI"}, "events": [{"text": "bundled"}]}` + "\n",
		"bone/init.lua": `bone.register_tool({ name = "shout", description = "Shout", safety = "read_only",
    parameters = { type = "object", properties = { text = { type = "string" } } },
    execute = function(p) return require("upper")(p.text) end })` + "\n",
		"bone/upper.lua": "return function(s) return s:upper() end\n",
	})
	pkg := filepath.Join(t.TempDir(), "b.pkg")
	if code, _, errOut := runCLI(t, "build", dir, "-o", pkg); code != 0 {
		t.Fatalf("build: %s", errOut)
	}
	code, out, errOut := runCLI(t, "run", pkg, "--prompt", "shout", "--no-session")
	if code != 0 || out != "bundled\n" {
		t.Fatalf("bundle: exit %d out %q\n%s", code, out, errOut)
	}
	// Without a session (panto run --tool) the layer's bone code runs too.
	code, out, errOut = runCLI(t, "run", dir, "--tool", "shout", "--input", `{"text": "quiet"}`)
	if code != 0 || !strings.Contains(out, "QUIET") {
		t.Fatalf("--tool: exit %d out %q\n%s", code, out, errOut)
	}
}
