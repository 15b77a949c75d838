package app

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"panto/agent"
	"panto/extension/discover"
	"panto/tui/theme"
	"panto/tui/vtest"
)

// vterm is the emulator behind a lock: the app writes from the owner
// goroutine, the test reads from its own.
type vterm struct {
	mu sync.Mutex
	vt *vtest.Terminal
}

func (v *vterm) Write(p []byte) (int, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.vt.Write(p)
}

func (v *vterm) text() string {
	v.mu.Lock()
	defer v.mu.Unlock()
	return strings.Join(append(v.vt.Scrollback(), v.vt.Screen()...), "\n")
}

func (v *vterm) Size() (int, int, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	w, h := v.vt.Size()
	return w, h, nil
}
func (v *vterm) Suspend() error { return nil }
func (v *vterm) Resume() error  { return nil }

// uiTest is an app on an emulated terminal over a session of one folder.
type uiTest struct {
	t       *testing.T
	term    *vterm
	keys    *os.File
	done    chan struct{}
	err     error
	resizes chan struct{}
	s       *agent.Session
	ui      *App
	cance   context.CancelFunc
}

const scriptConfig = `
[providers.fake]
protocol = "script"
script = "turns.jsonl"
models = { m = "fake-1" }
[models]
default = "fake:m"
`

func startUI(t *testing.T, files map[string]string, width int, mods ...func(*agent.Options)) *uiTest {
	t.Helper()
	dir := t.TempDir()
	if _, ok := files["config.toml"]; !ok {
		files["config.toml"] = scriptConfig
	}
	for p, c := range files {
		full := filepath.Join(dir, p)
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data := t.TempDir()
	setup, err := discover.Folder(dir, discover.Options{Cwd: dir, Getenv: func(k string) string {
		if k == "XDG_DATA_HOME" {
			return data
		}
		return ""
	}})
	if err != nil {
		t.Fatal(err)
	}
	vt := &vterm{vt: vtest.New(width, 30)}
	// An OS pipe, as a terminal is pollable: the input reader's Esc
	// timeout needs read deadlines.
	in, keys, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	themes := theme.NewRegistry()
	resizes := make(chan struct{}, 1)
	ui := New(Options{In: in, Out: vt, Term: vt, Plain: true, Themes: themes, HistoryPath: filepath.Join(data, "history.jsonl"), Resizes: resizes})
	ctx, cancel := context.WithCancel(context.Background())
	o := agent.Options{Setup: setup, OnEvent: ui.OnEvent, Report: ui.Problem,
		Stdout: ui.Output(), Stderr: ui.Output(), Terminal: ui, Themes: themes, Budget: 50_000_000}
	for _, mod := range mods {
		mod(&o)
	}
	if o.Permissions != nil && o.Ask == nil {
		o.Ask = ui.Ask
	}
	s, err := agent.Open(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	ui.Attach(s)
	u := &uiTest{t: t, term: vt, keys: keys, done: make(chan struct{}), s: s, ui: ui, cance: cancel, resizes: resizes}
	// The app owns the session's loop: it runs on its own goroutine
	// here, which becomes the owner.
	go func() {
		u.err = ui.Run(ctx)
		s.Close()
		close(u.done)
	}()
	t.Cleanup(func() {
		cancel()
		keys.Close()
		select {
		case <-u.done:
		case <-time.After(5 * time.Second):
		}
	})
	return u
}

// typ sends keys as a terminal would.
func (u *uiTest) typ(s string) {
	u.t.Helper()
	if _, err := u.keys.Write([]byte(s)); err != nil {
		u.t.Fatal(err)
	}
}

// waitFor waits until the terminal shows want (the timeout only turns a
// hang into a failure).
func (u *uiTest) waitFor(want string) string {
	u.t.Helper()
	start := time.Now()
	defer func() {
		if d := time.Since(start); d > time.Second {
			u.t.Logf("waited %v for %q", d, want)
		}
	}()
	deadline := time.Now().Add(10 * time.Second)
	for {
		got := u.term.text()
		if strings.Contains(got, want) {
			return got
		}
		if time.Now().After(deadline) {
			u.t.Fatalf("the terminal never showed %q:\n%s", want, got)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

const echoTool = `return { name = "echo", description = "Echo.", schema = { type = "object", properties = { message = { type = "string" } } },
  handler = function(input) return "echo: " .. input.message end }`

func TestTurnInTheUI(t *testing.T) {
	u := startUI(t, map[string]string{
		"tools/echo.lua": echoTool,
		"turns.jsonl": `{"events": [{"thinking": "let me see\nline 2\nline 3\nline 4\nline 5"}, {"text": "# Title\n\nSome **bold** text and ` + "`code`" + `.\n"}, {"tool_call": {"id": "c1", "name": "echo", "input": {"message": "hi"}}}]}
{"text": "- done\n- really"}
`,
	}, 80)
	u.waitFor("Ask, or type / for commands")
	u.typ("say hi\r")
	got := u.waitFor("really")
	for _, want := range []string{
		"> say hi", "✻ Thinking", "let me see", "… 2 more lines (ctrl+o to expand)",
		"# Title", "Some **bold** text and `code`.", "● echo", "echo: hi", "• done",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the transcript lacks %q:\n%s", want, got)
		}
	}
	// The footer shows the model; the turn's spinner is gone.
	got = u.waitFor("fake:m")
	if strings.Contains(got, "esc to cancel") {
		u.waitForGone("esc to cancel")
	}
	// Ctrl-O expands the thinking block.
	u.typ("\x0f")
	u.waitFor("line 5")
	// A slash command and its output.
	u.typ("/help\r")
	u.waitFor("keys and commands")
	// Ctrl-D on the empty prompt quits.
	u.typ("\x04")
	select {
	case <-u.done:
		if u.err != nil {
			t.Fatal(u.err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Ctrl-D did not quit")
	}
}

// newSession types /new and waits until the session is new (the
// command menu, which names "start a new session", closed first).
func (u *uiTest) newSession() {
	u.t.Helper()
	u.typ("/new\r")
	u.waitForGone("start a new session")
	u.waitFor("new session")
}

func (u *uiTest) waitForGone(s string) {
	u.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for strings.Contains(u.term.text(), s) {
		if time.Now().After(deadline) {
			u.t.Fatalf("%q never went away:\n%s", s, u.term.text())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestSteerAndCancel: Enter during a turn queues a steering message
// (shown as queued until the session delivers it), Esc cancels.
func TestSteerAndCancel(t *testing.T) {
	u := startUI(t, map[string]string{
		"tools/echo.lua": echoTool,
		"turns.jsonl": `{"events": [{"delay_ms": 300}, {"tool_call": {"id": "c1", "name": "echo", "input": {"message": "one"}}}]}
{"expect": {"user": "also this"}, "events": [{"text": "steered"}, {"delay_ms": 60000}]}
`,
	}, 80)
	u.waitFor("Ask, or type")
	u.typ("start\r")
	u.waitFor("esc to cancel")
	u.typ("also this\r")
	u.waitFor("queued steering: also this")
	got := u.waitFor("steered")
	if !strings.Contains(got, "> also this") {
		t.Errorf("the steering message was not delivered:\n%s", got)
	}
	u.waitForGone("queued steering")
	u.typ("\x1b")
	u.waitFor("cancelled")
	u.waitForGone("esc to cancel")
}

// TestFailingComponentAndPrint: a component whose render fails costs
// one dim row with its file and line; Lua's print lands in the
// transcript.
func TestFailingComponentAndPrint(t *testing.T) {
	u := startUI(t, map[string]string{
		"tools/echo.lua": echoTool,
		"extensions/ui.lua": `local panto = require("panto")
return { name = "ui", activate = function()
  panto.ext.on("tool_details", function(e)
    e:set_component({ render = function(self, width) error("broken renderer") end })
  end)
  panto.ext.register_command { name = "say", description = "print", handler = function(args) print("printed: " .. args) end }
end }`,
		"turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "echo", "input": {"message": "x"}}}]}
{"text": "fine"}
`,
	}, 60)
	u.waitFor("Ask, or type")
	u.typ("go\r")
	got := u.waitFor("fine")
	if !strings.Contains(got, "⚠ component render failed: extensions/ui.lua:4: broken") {
		t.Errorf("no diagnostic row:\n%s", got)
	}
	u.typ("/say hello\r")
	u.waitFor("printed: hello")
}

// TestRunForegroundAndFocus: run_foreground works in a slash command
// (the screen steps aside and comes back), and Ctrl-G gives a pinned
// component's handleInput the raw bytes typed.
func TestRunForegroundAndFocus(t *testing.T) {
	u := startUI(t, map[string]string{
		"tools/echo.lua": echoTool,
		"extensions/fg.lua": `local panto = require("panto")
return { name = "fg", activate = function()
  panto.ext.register_command { name = "fg", description = "run true", handler = function()
    local r = panto.ext.run_foreground { argv = { "true" } }
    return "child: " .. tostring(r.success) .. " " .. tostring(r.exit_code)
  end }
  panto.ext.on("tool_details", function(e)
    local typed = ""
    local h
    h = e:set_component({
      render = function(self, width) return { "pinned panel: [" .. typed .. "]" } end,
      handleInput = function(self, data) typed = typed .. data; h:invalidate() end,
    })
    h:set_pinned(true)
  end)
end }`,
		"turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "echo", "input": {"message": "x"}}}]}
{"text": "ok"}
`,
	}, 80)
	u.waitFor("Ask, or type")
	u.typ("/fg\r")
	u.waitFor("child: true 0")
	u.typ("go\r")
	u.waitFor("pinned panel: []")
	u.typ("\x07") // Ctrl-G
	u.waitFor("has the keyboard")
	u.typ("ab")
	u.waitFor("pinned panel: [ab]")
	u.typ("\x1b")
	time.Sleep(100 * time.Millisecond) // the Esc timeout
	u.typ("zz")
	got := u.waitFor("› zz")
	if strings.Contains(got, "[abzz]") {
		t.Error("typing after Esc still went to the component")
	}
}

// TestResize: a narrower window redraws the transcript at its width.
func TestResize(t *testing.T) {
	u := startUI(t, map[string]string{
		"turns.jsonl": `{"text": "` + strings.Repeat("word ", 30) + `end"}` + "\n",
	}, 100)
	u.waitFor("Ask, or type")
	u.typ("go\r")
	u.waitFor("end")
	u.term.mu.Lock()
	u.term.vt.Resize(40, 30)
	u.term.mu.Unlock()
	u.resizes <- struct{}{}
	deadline := time.Now().Add(10 * time.Second)
	for {
		u.term.mu.Lock()
		lines := u.term.vt.Screen()
		u.term.mu.Unlock()
		wrapped := 0
		for _, l := range lines {
			if strings.HasPrefix(strings.TrimSpace(l), "word word") && len(strings.TrimRight(l, " ")) <= 40 {
				wrapped++
			}
		}
		if wrapped >= 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the answer was not laid out again at 40 columns:\n%s", strings.Join(lines, "\n"))
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestResumeAndTreePickers: /resume lists the project's other sessions
// and switches to the one picked, showing its conversation; /tree lists
// this session's messages and branches from the one picked.
func TestResumeAndTreePickers(t *testing.T) {
	u := startUI(t, map[string]string{
		"turns.jsonl": "{\"text\": \"first answer\"}\n{\"text\": \"second answer\"}\n{\"text\": \"third answer\"}\n",
	}, 100)
	u.waitFor("Ask, or type")
	u.typ("number one\r")
	u.waitFor("first answer")
	u.waitForGone("esc to cancel") // the turn has ended: /new refuses to run during one
	u.newSession()
	u.typ("number two\r")
	u.waitFor("second answer")
	u.waitForGone("esc to cancel")
	u.typ("/resume\r")
	u.waitFor("Resume a session")
	u.waitFor("number one") // the picker shows the session's last prompt
	u.typ("\r")
	got := u.waitFor("resumed session")
	if !strings.Contains(got[strings.LastIndex(got, "resumed session"):], "> number one") {
		t.Errorf("the resumed conversation was not shown:\n%s", got)
	}
	u.typ("/tree\r")
	u.waitFor("Branch from a message")
	u.typ("\x1b")
	u.waitForGone("Branch from a message")
}

// TestResumeReplaysBlocksInOrder: a resumed conversation shows what the
// live one showed, in the model's order: the thinking (collapsed), the
// text, each tool call with its arguments and the first lines of its
// result.
func TestResumeReplaysBlocksInOrder(t *testing.T) {
	u := startUI(t, map[string]string{
		"tools/lines.lua": `return { name = "lines", description = "Lines.", schema = { type = "object" },
  handler = function() return "one\ntwo\nthree\nfour\nfive" end }`,
		"turns.jsonl": `{"events": [{"thinking": "t1\nt2\nt3\nt4\nt5"}, {"text": "Before the call."}, {"tool_call": {"id": "c1", "name": "lines", "input": {"n": 5}}}]}` + "\n" +
			`{"text": "After the call."}` + "\n" + `{"text": "other session"}` + "\n",
	}, 100)
	u.waitFor("Ask, or type")
	u.typ("show me\r")
	u.waitFor("After the call.")
	u.waitForGone("esc to cancel")
	u.newSession()
	u.typ("elsewhere\r")
	u.waitFor("other session")
	u.waitForGone("esc to cancel")
	u.typ("/resume\r")
	u.waitFor("show me") // the picker
	u.typ("\r")
	got := u.waitFor("resumed session")
	got = got[strings.LastIndex(got, "resumed session"):]
	order := []string{"> show me", "✻ Thinking", "  t1", "  t3", "… 2 more lines", "Before the call.",
		`● lines({"n":5})`, "⎿ one", "two", "three", "… +2 lines", "After the call."}
	at := 0
	for _, want := range order {
		i := strings.Index(got[at:], want)
		if i < 0 {
			t.Fatalf("the replay lacks %q after position %d:\n%s", want, at, got)
		}
		at += i + len(want)
	}
	if strings.Contains(got, "  t4") || strings.Contains(got, "four") {
		t.Errorf("the replay shows collapsed lines:\n%s", got)
	}
}

// TestEscapeStopsLuaThatNeverYields: a tool handler and a slash command
// stuck in an endless loop hold the owner, which handles the keys; Esc
// and Ctrl-C still stop them, and the session goes on.
func TestEscapeStopsLuaThatNeverYields(t *testing.T) {
	u := startUI(t, map[string]string{
		"tools/spin.lua": `return { name = "spin", description = "Spin.", schema = { type = "object" },
  handler = function() while true do end end }`,
		"extensions/stuck.lua": `local panto = require("panto")
return { name = "stuck", activate = function()
  panto.ext.register_command { name = "stuck", description = "Loop.", handler = function() while true do end end }
end }`,
		"turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "spin", "input": {}}}]}` + "\n" +
			`{"text": "after the cancel"}` + "\n",
	}, 100, func(o *agent.Options) { o.Budget = 0 }) // no budget: only the keys stop the loops
	u.waitFor("Ask, or type")
	u.typ("go\r")
	u.waitFor("Running spin")
	u.typ("\x1b")
	u.waitFor("cancelled")
	u.waitForGone("esc to cancel")
	u.typ("/stuck\r")
	u.waitFor("› /stuck")
	u.typ("\x03")
	u.waitFor("stuck.lua:3: interrupted") // the command's error says where it was stopped
	u.typ("again\r")
	u.waitFor("after the cancel")
}
