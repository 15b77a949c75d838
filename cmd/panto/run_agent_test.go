package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"panto/agent/provider/builtin"
)

// isolate points the data and config homes at fresh folders, so runs
// keep their sessions away from the user's and see no user config.
func isolate(t *testing.T) (data string) {
	t.Helper()
	data = t.TempDir()
	t.Setenv("XDG_DATA_HOME", data)
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	hermeticProviders(t)
	return data
}

// hermeticProviders hides the built-in providers' variables of the
// machine running the tests (a developer's real key, a proxy URL) and
// turns off the local server probe: a test sets what it needs.
func hermeticProviders(t *testing.T) {
	t.Helper()
	t.Setenv(builtin.LocalServersEnv, "off")
	cat, err := builtin.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range cat.Providers {
		t.Setenv(p.APIKeyEnv, "")
		t.Setenv(p.BaseURLEnv, "")
	}
}

// runCLIWithStdin is runCLI with stdin read from the pipe that feed
// writes to (and closes).
func runCLIWithStdin(t *testing.T, feed func(w *os.File), args ...string) (int, string, string) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		defer w.Close()
		feed(w)
	}()
	old := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = old }()
	return runCLI(t, args...)
}

// scriptConfig routes the default model to a script protocol reading
// turns.jsonl of the layer.
const scriptConfig = "[providers.fake]\nprotocol = \"script\"\nscript = \"turns.jsonl\"\nmodels = { m = \"fake-1\" }\n[models]\ndefault = \"fake:m\"\n"

const demoPrompt = "How many words are in: the quick brown fox"

func TestRunPromptFolderAndBundle(t *testing.T) {
	isolate(t)
	code, out, errOut := runCLI(t, "run", demo(t), "--prompt", demoPrompt, "--no-session")
	if code != 0 || out != "The word_count tool says: 1 lines, 4 words, 19 characters.\n" {
		t.Fatalf("folder: exit %d out %q err %q", code, out, errOut)
	}
	if errOut != "" {
		t.Errorf("without --verbose the tool activity went to stderr:\n%s", errOut)
	}
	pkg := filepath.Join(t.TempDir(), "demo.pkg")
	if code, _, errOut := runCLI(t, "build", demo(t), "-o", pkg); code != 0 {
		t.Fatalf("build: %s", errOut)
	}
	code, out, errOut = runCLI(t, "run", pkg, "--prompt", demoPrompt, "--verbose")
	if code != 0 || out != "The word_count tool says: 1 lines, 4 words, 19 characters.\n" {
		t.Fatalf("bundle: exit %d out %q err %q", code, out, errOut)
	}
	if !strings.Contains(errOut, `● word_count {"text":"the quick brown fox"}`) || !strings.Contains(errOut, "⎿ 1 lines, 4 words") {
		t.Errorf("--verbose shows no tool activity:\n%s", errOut)
	}
}

// TestRunPromptSaysItRetries: a request that is retried is said on
// stderr without --verbose too, so a wait of seconds is never silent;
// stdout still has only the answer.
func TestRunPromptSaysItRetries(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"config.toml": scriptConfig,
		"turns.jsonl": `{"events": [{"error": {"kind": "rate_limit", "message": "slow down", "retry_after": 0.01}}]}` + "\n" +
			`{"events": [{"text": "after the wait"}]}` + "\n",
	})
	code, out, errOut := runCLI(t, "run", dir, "--prompt", "hi", "--no-session")
	if code != 0 || out != "after the wait\n" {
		t.Fatalf("exit %d out %q err %q", code, out, errOut)
	}
	if !strings.Contains(errOut, "slow down") || !strings.Contains(errOut, "retrying in") {
		t.Errorf("stderr does not say the request is retried:\n%s", errOut)
	}
}

func TestRunModeJSON(t *testing.T) {
	isolate(t)
	code, out, errOut := runCLI(t, "run", demo(t), "--mode", "json", "--prompt", "count: a b", "--no-session")
	if code != 0 {
		t.Fatalf("exit %d err %q", code, errOut)
	}
	var types []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var ev map[string]any
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("not JSON: %q", line)
		}
		types = append(types, ev["type"].(string))
		if ev["type"] == "tool_call_complete" {
			if in := ev["input"].(map[string]any); in["text"] != "a b" {
				t.Errorf("tool_call_complete input %v", in)
			}
		}
	}
	got := strings.Join(types, " ")
	for _, want := range []string{"user_message turn_start assistant_text_delta", "tool_call_complete", "tool_result", "turn_end"} {
		if !strings.Contains(got, want) {
			t.Errorf("events lack %q: %s", want, got)
		}
	}
}

func TestRunPromptFromStdinAndResume(t *testing.T) {
	data := isolate(t)
	code, out, errOut := runCLIWithStdin(t, func(w *os.File) { w.WriteString("count: one two three\n") }, "run", demo(t), "--prompt", "-")
	if code != 0 || !strings.Contains(out, "3 words") {
		t.Fatalf("exit %d out %q err %q", code, out, errOut)
	}
	files, _ := filepath.Glob(filepath.Join(data, "panto", "sessions", "*", "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("%d session files: %v", len(files), files)
	}
	// --continue adds to the same file.
	code, _, errOut = runCLI(t, "run", demo(t), "--prompt", "count: four", "--continue")
	if code != 0 {
		t.Fatalf("--continue: %s", errOut)
	}
	again, _ := filepath.Glob(filepath.Join(data, "panto", "sessions", "*", "*.jsonl"))
	raw, _ := os.ReadFile(files[0])
	if len(again) != 1 || !strings.Contains(string(raw), "count: four") || !strings.Contains(string(raw), "count: one two three") {
		t.Fatalf("--continue did not continue: %d files", len(again))
	}
	id := strings.TrimSuffix(filepath.Base(files[0]), ".jsonl")
	id = id[strings.LastIndexByte(id, '_')+1:]
	code, out, errOut = runCLI(t, "run", demo(t), "--prompt", "count: five six", "--session", id[:8])
	if code != 0 || !strings.Contains(out, "2 words") {
		t.Fatalf("--session: exit %d out %q err %q", code, out, errOut)
	}
}

func TestRunPromptErrors(t *testing.T) {
	isolate(t)
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"unknown model", []string{"--prompt", "hi", "--model", "nope:x"}, "panto: run: unknown provider 'nope' in model reference 'nope:x' (configured: anthropic, deepseek, demo, "},
		{"empty prompt", []string{"--prompt", " "}, "panto: run: --prompt is empty"},
		{"bad mode", []string{"--mode", "xml"}, `panto: run: --mode must be json or rpc, got "xml"`},
		{"unknown session", []string{"--prompt", "hi", "--session", "zzz"}, `panto: run: --session: no session "zzz"`},
		{"both resumes", []string{"--prompt", "hi", "--session", "a", "--continue"}, "panto: run: give --continue or --session, not both"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, append([]string{"run", demo(t)}, c.args...)...)
			if code != 1 || !strings.HasPrefix(errOut, c.want) {
				t.Errorf("exit %d stderr %q, want %q", code, errOut, c.want)
			}
		})
	}
}

func TestRunModeRPC(t *testing.T) {
	isolate(t)
	code, out, errOut := runCLIWithStdin(t, func(w *os.File) {
		w.WriteString(`{"type":"get_state","id":1}` + "\n" + `{"type":"prompt","text":"count: a b c","id":2}` + "\n" + `{"type":"bogus"}` + "\n")
	}, "run", demo(t), "--mode", "rpc", "--no-session")
	if code != 0 {
		t.Fatalf("exit %d err %q", code, errOut)
	}
	var sawState, sawResult, sawBogus bool
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var ev map[string]any
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("not JSON: %q", line)
		}
		switch {
		case ev["type"] == "response" && ev["command"] == "get_state":
			sawState = ev["data"].(map[string]any)["model"] == "demo:scripted"
		case ev["type"] == "response" && ev["command"] == "bogus":
			sawBogus = ev["success"] == false && strings.Contains(ev["error"].(string), "unknown command")
		case ev["type"] == "turn_result":
			sawResult = ev["status"] == "completed" && strings.Contains(ev["text"].(string), "3 words")
		}
	}
	if !sawState || !sawResult || !sawBogus {
		t.Errorf("state %v result %v bogus %v:\n%s", sawState, sawResult, sawBogus, out)
	}
}

// TestRunModeRPCTakesPiFieldNames: a client written for pi's RPC mode
// sends the prompt's text as "message"; it starts the same turn.
func TestRunModeRPCTakesPiFieldNames(t *testing.T) {
	isolate(t)
	code, out, errOut := runCLIWithStdin(t, func(w *os.File) { w.WriteString(`{"type":"prompt","message":"count: a b"}` + "\n") }, "run", demo(t), "--mode", "rpc", "--no-session")
	if code != 0 || !strings.Contains(out, `"type":"turn_result"`) || !strings.Contains(out, "2 words") {
		t.Fatalf("exit %d err %q out:\n%s", code, errOut, out)
	}
}

// TestRunModeRPCAbort: pi's "abort" cancels the running turn as
// "cancel" does.
func TestRunModeRPCAbort(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"config.toml": scriptConfig,
		"turns.jsonl": `{"events": [{"text": "thinking hard"}, {"delay_ms": 60000}, {"text": "never"}]}` + "\n",
	})
	code, out, errOut := runCLIWithStdin(t, func(w *os.File) {
		w.WriteString(`{"type":"prompt","text":"go"}` + "\n" + `{"type":"abort","id":7}` + "\n")
	}, "run", dir, "--mode", "rpc", "--no-session")
	if code != 0 || !strings.Contains(out, `"status":"cancelled"`) || strings.Contains(out, "never") {
		t.Fatalf("exit %d err %q out:\n%s", code, errOut, out)
	}
}

// TestRunModeRPCCancelsLuaThatNeverYields: a cancel reaches a tool
// handler in an endless loop, which holds the owner the commands are
// handled on.
func TestRunModeRPCCancelsLuaThatNeverYields(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"config.toml": scriptConfig,
		"turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "spin", "input": {}}}]}` + "\n" + `{"events": [{"text": "never"}]}` + "\n",
		"tools/spin.lua": `return { name = "spin", description = "Spin.", schema = { type = "object" }, effects = {},
  handler = function() while true do end end }`,
	})
	code, out, errOut := runCLIWithStdin(t, func(w *os.File) {
		w.WriteString(`{"type":"prompt","text":"go"}` + "\n")
		// The handler is spinning once its dispatch is under way; the
		// cancel may come at any moment of it.
		time.Sleep(200 * time.Millisecond)
		w.WriteString(`{"type":"cancel"}` + "\n")
	}, "run", dir, "--mode", "rpc", "--no-session")
	if code != 0 || !strings.Contains(out, `"status":"cancelled"`) || strings.Contains(out, "never") {
		t.Fatalf("exit %d err %q out:\n%s", code, errOut, out)
	}
}

// TestRunModeJSONDeltasCarryOnlyNewText: --mode json prints each
// assistant_text_delta with its own chunk only, so an answer streamed
// in many chunks prints in space linear in its length; the deltas join
// to the text assistant_text_complete carries once.
func TestRunModeJSONDeltasCarryOnlyNewText(t *testing.T) {
	isolate(t)
	const chunks, size = 300, 100
	var events []string
	var want strings.Builder
	for i := range chunks {
		chunk := fmt.Sprintf("%03d%s", i, strings.Repeat("x", size-3))
		want.WriteString(chunk)
		events = append(events, fmt.Sprintf(`{"text": %q}`, chunk))
	}
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"config.toml": scriptConfig,
		"turns.jsonl": `{"events": [` + strings.Join(events, ",") + `]}` + "\n",
	})
	code, out, errOut := runCLI(t, "run", dir, "--mode", "json", "--prompt", "hi", "--no-session")
	if code != 0 {
		t.Fatalf("exit %d err %q", code, errOut)
	}
	var joined, complete strings.Builder
	deltas := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var ev map[string]any
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("not JSON: %q", line)
		}
		switch ev["type"] {
		case "assistant_text_delta":
			deltas++
			if _, ok := ev["text"]; ok {
				t.Fatalf("delta %d repeats the accumulated text: %.120s", deltas, line)
			}
			joined.WriteString(ev["delta"].(string))
		case "assistant_text_complete":
			complete.WriteString(ev["text"].(string))
		}
	}
	if deltas != chunks {
		t.Errorf("%d deltas, want %d", deltas, chunks)
	}
	if joined.String() != want.String() || complete.String() != want.String() {
		t.Errorf("deltas join to %d bytes, complete has %d, want %d", joined.Len(), complete.Len(), want.Len())
	}
	// Each chunk once in its delta and the text once in the complete
	// event, plus each event's own fields: repeating the text so far in
	// every delta would print about chunks/2 times the answer.
	if limit := 4*want.Len() + chunks*200; len(out) > limit {
		t.Errorf("printed %d bytes for a %d-byte answer (limit %d)", len(out), want.Len(), limit)
	}
}

// TestToolInputsUnescaped: --verbose and --mode json show a tool's input
// as the model wrote it: "2>&1 <in" stays so, not "2\u003e\u00261".
func TestToolInputsUnescaped(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	// The input as a model sends it: JSON without HTML escapes.
	const input = `{"command": "make 2>&1 <in && echo \"done\""}`
	writeTree(t, dir, map[string]string{
		"config.toml": scriptConfig,
		"turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "echo", "input": ` + input + `}}]}` + "\n" +
			`{"events": [{"text": "ok"}]}` + "\n",
		"tools/echo.lua": `return { name = "echo", description = "d", schema = { type = "object" },
  handler = function(input) return input.command end }` + "\n",
	})
	code, _, errOut := runCLI(t, "run", dir, "--prompt", "go", "--no-session", "--verbose", "--allow", "echo")
	if code != 0 {
		t.Fatalf("exit %d err %q", code, errOut)
	}
	if want := `● echo {"command":"make 2>&1 <in && echo \"done\""}`; !strings.Contains(errOut, want) {
		t.Errorf("--verbose: want %s in\n%s", want, errOut)
	}
	code, out, errOut := runCLI(t, "run", dir, "--prompt", "go", "--no-session", "--mode", "json", "--allow", "echo")
	if code != 0 {
		t.Fatalf("json: exit %d err %q", code, errOut)
	}
	if strings.Contains(out, `\u003e`) || strings.Contains(out, `\u0026`) || strings.Contains(out, `\u003c`) {
		t.Errorf("--mode json escapes <, > or &:\n%s", out)
	}
	if !strings.Contains(out, `"output":"make 2>&1 <in && echo \"done\""`) {
		t.Errorf("--mode json lacks the unescaped output:\n%s", out)
	}
}

// TestShellStreamsInJSONMode: --mode json has the command's output as
// tool_output_delta events (partial) before the call's result.
func TestShellStreamsInJSONMode(t *testing.T) {
	isolate(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"config.toml": scriptConfig,
		"turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "shell", "input": {"command": "echo one; sleep 0.2; echo two"}}}]}` + "\n" +
			`{"events": [{"text": "ok"}]}` + "\n",
	})
	code, out, errOut := runCLI(t, "run", dir, "--prompt", "go", "--no-session", "--mode", "json", "--allow", "shell")
	if code != 0 {
		t.Fatalf("exit %d err %q", code, errOut)
	}
	var deltas []string
	var final map[string]any
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var ev map[string]any
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("not JSON: %q", line)
		}
		switch {
		case ev["type"] == "tool_output_delta" && ev["partial"] == true:
			if final != nil {
				t.Errorf("a partial delta after the last one: %s", line)
			}
			deltas = append(deltas, ev["delta"].(string))
		case ev["type"] == "tool_output_delta":
			final = ev
		}
	}
	// The sleep parts the two lines: at least two pieces arrive.
	if len(deltas) < 2 || strings.Join(deltas, "") != "one\ntwo\n" {
		t.Errorf("partial deltas %q, want the command's output in pieces", deltas)
	}
	// --mode json leaves the accumulated output out; the last delta is
	// what the result adds to the streamed text.
	if final == nil || final["partial"] != false || final["delta"] != "[exit code: 0]" {
		t.Errorf("last delta %v", final)
	}
}
