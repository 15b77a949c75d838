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
