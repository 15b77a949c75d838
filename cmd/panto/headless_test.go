package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// shoutTool is a project tool: it answers with its input in capitals,
// so its result can only come from running it.
const shoutTool = `return {
  name = "shout",
  description = "Say the text in capitals.",
  schema = { type = "object", properties = { text = { type = "string" } } },
  handler = function(input) return "SHOUTED " .. input.text:upper() end,
}
`

// headlessProject is a project folder whose .panto/ layer has the
// scripted model and a tool of its own, and a helper under tools/ at
// its root that is project code, not an extension. The script answers
// each turn with a call to the project's tool, then "done: ..." text.
func headlessProject(t *testing.T) string {
	t.Helper()
	project := t.TempDir()
	turn := `{"events": [{"tool_call": {"id": "c1", "name": "shout", "input": {"text": "hello"}}}]}` + "\n" + `{"events": [{"text": "done: the tool answered"}]}` + "\n"
	writeTree(t, project, map[string]string{
		".panto/config.toml":     scriptConfig,
		".panto/turns.jsonl":     turn + turn + turn + turn,
		".panto/tools/shout.lua": shoutTool,
		// A project's own Lua is not an extension entry.
		"tools/helper.lua": "error('the project helper was evaluated as an extension')\n",
	})
	return project
}

// inProject runs the rest of the test from dir, as a user in a shell
// would.
func inProject(t *testing.T, dir string) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(wd) })
}

// TestHeadlessPromptInProject: `panto -p` in a trusted project is the
// interactive session's setup: the project's .panto/ layer gives the
// model and the tool the turn calls; the project's own tools/ is left
// alone. Untrusted, the layer is skipped with one stderr line.
func TestHeadlessPromptInProject(t *testing.T) {
	isolate(t)
	project := headlessProject(t)
	inProject(t, project)

	code, _, errOut := runCLI(t, "-p", "hi", "--no-session")
	if code != 1 || !strings.Contains(errOut, "not trusted") {
		t.Fatalf("untrusted: exit %d stderr %q", code, errOut)
	}
	if strings.Contains(errOut, "SHOUTED") {
		t.Fatalf("the untrusted project's tool ran:\n%s", errOut)
	}

	if code, _, errOut := runCLI(t, "trust", project); code != 0 {
		t.Fatalf("trust: exit %d %s", code, errOut)
	}
	for _, flag := range []string{"-p", "--prompt"} {
		t.Run(flag, func(t *testing.T) {
			code, out, errOut := runCLI(t, flag, "shout hello", "--verbose", "--no-session", "--allow", "shout")
			if code != 0 || out != "done: the tool answered\n" {
				t.Fatalf("exit %d out %q err %q", code, out, errOut)
			}
			if !strings.Contains(errOut, "⎿ SHOUTED HELLO") {
				t.Errorf("the project's tool did not answer:\n%s", errOut)
			}
			if strings.Contains(errOut, "helper") {
				t.Errorf("the project's tools/helper.lua was loaded:\n%s", errOut)
			}
		})
	}
	t.Run("--mode json", func(t *testing.T) {
		code, out, errOut := runCLI(t, "--mode", "json", "-p", "shout hello", "--no-session", "--allow", "shout")
		if code != 0 || !strings.Contains(out, `"type":"tool_result"`) || !strings.Contains(out, "SHOUTED HELLO") || !strings.Contains(out, `"type":"turn_end"`) {
			t.Fatalf("exit %d out %q err %q", code, out, errOut)
		}
	})
}

// TestHeadlessPromptFromStdinAndSessionPath: `--prompt -` reads the
// message from stdin, the turn is kept in the project's session folder,
// and `--session PATH` resumes that file by its path (from any folder,
// with ~ expanded) as well as by its id.
func TestHeadlessPromptFromStdinAndSessionPath(t *testing.T) {
	data := isolate(t)
	project := headlessProject(t)
	inProject(t, project)
	if code, _, errOut := runCLI(t, "trust", project); code != 0 {
		t.Fatalf("trust: %s", errOut)
	}
	code, out, errOut := runCLIWithStdin(t, func(w *os.File) { w.WriteString("the first message from stdin\n") }, "--prompt", "-")
	if code != 0 || out != "done: the tool answered\n" {
		t.Fatalf("--prompt -: exit %d out %q err %q", code, out, errOut)
	}
	files, _ := filepath.Glob(filepath.Join(data, "panto", "sessions", "*", "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("%d session files: %v", len(files), files)
	}
	raw, _ := os.ReadFile(files[0])
	if !strings.Contains(string(raw), "the first message from stdin") {
		t.Fatalf("the session file lacks the stdin prompt:\n%s", raw)
	}

	// The file by a path relative to the working directory.
	rel, err := filepath.Rel(project, files[0])
	if err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, "--session", rel, "-p", "second by path")
	if code != 0 {
		t.Fatalf("--session PATH: exit %d err %q", code, errOut)
	}
	// And by a path under ~.
	home := os.Getenv("HOME")
	copied := filepath.Join(home, "kept.jsonl")
	raw, _ = os.ReadFile(files[0])
	if err := os.WriteFile(copied, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, "--session", "~/kept.jsonl", "-p", "third under home")
	if code != 0 {
		t.Fatalf("--session ~/PATH: exit %d err %q", code, errOut)
	}
	raw, _ = os.ReadFile(files[0])
	if !strings.Contains(string(raw), "the first message from stdin") || !strings.Contains(string(raw), "second by path") {
		t.Errorf("--session PATH did not append to the file it names:\n%s", raw)
	}
	kept, _ := os.ReadFile(copied)
	if !strings.Contains(string(kept), "third under home") {
		t.Errorf("--session ~/kept.jsonl did not append to it:\n%s", kept)
	}
	again, _ := filepath.Glob(filepath.Join(data, "panto", "sessions", "*", "*.jsonl"))
	if len(again) != 1 {
		t.Errorf("resuming by path made new session files: %v", again)
	}

	code, _, errOut = runCLI(t, "--session", "./missing.jsonl", "-p", "x")
	if code != 1 || !strings.HasPrefix(errOut, "panto: --session: ./missing.jsonl: no such file or directory") {
		t.Errorf("a missing session file: exit %d stderr %q", code, errOut)
	}
}

// TestHeadlessHintsAndErrors: panto's own errors name forms that exist
// at the top level, with no "run:" and no doubled "panto:".
func TestHeadlessHintsAndErrors(t *testing.T) {
	isolate(t)
	inProject(t, t.TempDir())
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no terminal", nil, "panto: the interactive session needs a terminal (for one headless turn, give -p TEXT or --prompt TEXT; for JSON Lines, --mode json|rpc)\n"},
		{"bad mode", []string{"--mode", "xml"}, "panto: --mode must be json or rpc, got \"xml\"\n"},
		{"json without prompt", []string{"--mode", "json"}, "panto: --mode json needs --prompt TEXT (or use --mode rpc)\n"},
		{"empty prompt", []string{"-p", " "}, "panto: --prompt is empty\n"},
		{"both resumes", []string{"-p", "hi", "--continue", "--session", "a"}, "panto: give --continue or --session, not both\n"},
		{"no-session resume", []string{"-p", "hi", "--continue", "--no-session"}, "panto: --no-session keeps no sessions to resume\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCLIWithStdin(t, func(*os.File) {}, c.args...)
			if code != 1 || out != "" || errOut != c.want {
				t.Errorf("exit %d stdout %q\nstderr %q\nwant   %q", code, out, errOut, c.want)
			}
		})
	}
}

// TestHeadlessHomeContinueAndRPC: a headless turn in a project expands
// ~ as the interactive session does (the run of an extension folder has
// no home), --continue adds to the project's latest session, and
// --mode rpc serves the same session.
func TestHeadlessHomeContinueAndRPC(t *testing.T) {
	data := isolate(t)
	home := os.Getenv("HOME")
	if err := os.WriteFile(filepath.Join(home, "note.txt"), []byte("a note kept at home\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	project := t.TempDir()
	read := `{"events": [{"tool_call": {"id": "c1", "name": "read", "input": {"path": "~/note.txt"}}}]}` + "\n" + `{"events": [{"text": "read it"}]}` + "\n"
	writeTree(t, project, map[string]string{
		".panto/config.toml": scriptConfig,
		".panto/turns.jsonl": read + read + read,
	})
	inProject(t, project)
	if code, _, errOut := runCLI(t, "trust", project); code != 0 {
		t.Fatalf("trust: %s", errOut)
	}
	code, out, errOut := runCLI(t, "-p", "read my note", "--verbose", "--allow", "read")
	if code != 0 || out != "read it\n" || !strings.Contains(errOut, "a note kept at home") {
		t.Fatalf("~ in a project: exit %d out %q err %q", code, out, errOut)
	}
	code, _, errOut = runCLI(t, "-p", "again, continued", "--continue", "--allow", "read")
	if code != 0 {
		t.Fatalf("--continue: exit %d err %q", code, errOut)
	}
	files, _ := filepath.Glob(filepath.Join(data, "panto", "sessions", "*", "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("--continue made %d session files", len(files))
	}
	raw, _ := os.ReadFile(files[0])
	if !strings.Contains(string(raw), "read my note") || !strings.Contains(string(raw), "again, continued") {
		t.Errorf("--continue did not add to the latest session:\n%s", raw)
	}
	code, out, errOut = runCLIWithStdin(t, func(w *os.File) {
		w.WriteString(`{"type":"prompt","text":"over rpc","id":1}` + "\n")
	}, "--mode", "rpc", "--no-session", "--allow", "read")
	if code != 0 || !strings.Contains(out, `"type":"ready"`) || !strings.Contains(out, "a note kept at home") || !strings.Contains(out, `"type":"turn_end"`) {
		t.Fatalf("--mode rpc: exit %d out %q err %q", code, out, errOut)
	}
}
