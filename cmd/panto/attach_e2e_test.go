package main

import (
	"strings"
	"testing"
)

// TestHeadlessAttach: `panto -p` attaches what the prompt's @path
// mentions name, as the terminal UI does (the script model checks it
// got the file); a missing file is an error and nothing is sent.
func TestHeadlessAttach(t *testing.T) {
	isolate(t)
	project := t.TempDir()
	writeTree(t, project, map[string]string{
		".panto/config.toml": scriptConfig,
		".panto/turns.jsonl": `{"expect": {"user": "the note's own words"}, "text": "got the note"}` + "\n",
		"notes.txt":          "the note's own words\n",
	})
	inProject(t, project)
	if code, _, errOut := runCLI(t, "trust", project); code != 0 {
		t.Fatalf("trust: %s", errOut)
	}
	code, out, errOut := runCLI(t, "-p", "fix @nope.txt", "--no-session")
	if code != 1 || !strings.Contains(errOut, "@nope.txt: no such file or folder") {
		t.Fatalf("missing: exit %d out %q err %q", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "-p", "summarise @notes.txt", "--no-session")
	if code != 0 || out != "got the note\n" {
		t.Fatalf("exit %d out %q err %q", code, out, errOut)
	}
}
