package screen_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"panto/extension/discover"
	"panto/host"
	"panto/tui/editor"
	"panto/tui/input"
	"panto/tui/markdown"
	"panto/tui/render"
	"panto/tui/screen"
	"panto/tui/status"
	"panto/tui/theme"
	"panto/tui/vtest"
)

var update = flag.Bool("update", false, "rewrite the golden screens in testdata/")

// hostBlock adapts a host transcript block to the screen: what the app
// will do for every tool call and Lua component.
type hostBlock struct{ b *host.Block }

func (h hostBlock) Render(w int) []string { return h.b.Render(context.Background(), w) }
func (h hostBlock) Version() uint64       { return h.b.Version() }
func (h hostBlock) Pinned() bool          { return h.b.Pinned() }

// uiExtension sets two Lua components: a pinned progress line on the
// "index" tool and a component whose render fails on the "broken" tool.
const uiExtension = `
local panto = require("panto")
return {
  name = "ui-fixture",
  activate = function()
    panto.ext.on("tool_details", function(e)
      if e.tool_name == "index" then
        local h = e:set_component({ render = function(self, width) return { "▸ indexing files 3/10" } end })
        h:set_pinned(true)
      elseif e.tool_name == "broken" then
        e:set_component({ render = function(self, width) error("no such field 'rows'") end })
      end
    end)
  end,
}
`

func newHost(t *testing.T) *host.Host {
	t.Helper()
	layer := t.TempDir()
	if err := os.MkdirAll(filepath.Join(layer, "extensions"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(layer, "extensions", "ui.lua"), []byte(uiExtension), 0o644); err != nil {
		t.Fatal(err)
	}
	setup, err := discover.Folder(layer, discover.Options{Cwd: layer, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	h, err := host.New(context.Background(), host.Options{Setup: setup, Stdout: os.Stderr, Stderr: os.Stderr, Report: func(host.Problem) {}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	return h
}

const answer = "## The renderer\n\nFinished blocks go to the terminal's *scrollback* once; the `live tail` is " +
	"repainted **differentially** (see [pi-tui](https://github.com/badlogic/pi-mono)).\n\n" +
	"1. commit what is finished\n2. diff the live rows\n   - write only changed rows\n\n" +
	"```go\nfunc (p *Painter) Paint(f Frame) error {\n\treturn nil // one write per frame\n}\n```\n\n" +
	"| case | cost |\n|------|-----:|\n| delta | O(live) |\n| resize | O(transcript) |\n"

// transcript builds the screen every golden shows: a user message, an
// answer in markdown with code and a table, a finished tool, a Lua
// component whose render fails, a streaming answer, a running tool, a
// pinned Lua component, then the activity line, the editor and the
// footer.
type transcript struct {
	s         *screen.Screen
	streaming *markdown.Message
	ed        *editor.Editor
}

func build(t *testing.T, out *vtest.Terminal, width, height int) *transcript {
	th := theme.NewRegistry().Active("")
	h := newHost(t)
	md := markdown.New(th)
	s := screen.New(out, width, height)

	s.Add(screen.Text{th.Styles["accent"] + "›" + "\x1b[0m Explain the renderer"}).Finish()
	done := md.NewMessage()
	done.SetText(answer)
	done.Close()
	s.Add(done).Finish()
	s.Add(screen.Text{"\x1b[1;36m●\x1b[0m \x1b[1mread\x1b[0m\x1b[2m(tui/screen/screen.go)\x1b[0m", "  ⎿ 240 lines"}).Finish()

	ctx := context.Background()
	broken := h.BeginToolCall(ctx, 2)
	broken.Details(ctx, "broken", "call-2")
	s.Add(hostBlock{broken.Block}).Finish()

	streaming := md.NewMessage()
	streaming.Append("Now I run the tests; the **first** ones pass")
	s.Add(streaming)
	s.Add(screen.Func(func(w int) []string {
		return render.Rows([]string{"\x1b[1;36m●\x1b[0m \x1b[1mshell\x1b[0m\x1b[2m(go test ./tui/...)\x1b[0m", "  ⎿ \x1b[2mrunning…\x1b[0m"}, w)
	}))
	index := h.BeginToolCall(ctx, 3)
	index.Details(ctx, "index", "call-3")
	s.Add(hostBlock{index.Block})

	ed := editor.New(editor.Options{Theme: th})
	ed.SetText("check the output")
	for range len(" output") {
		ed.HandleEvent(key(t, "\x1b[D"))
	}
	s.SetBottom(
		screen.Func(func(w int) []string {
			return status.ActivityRows(status.Activity{Label: "Running shell", Elapsed: 7 * time.Second, Hint: "esc to cancel"}, th, w)
		}),
		ed,
		screen.Func(func(w int) []string {
			return status.FooterRows(status.Footer{Model: "demo:model", Reasoning: "high", Input: 5200, Output: 830,
				Context: 6000, Window: 200000, Project: "/home/ann/panto", Home: "/home/ann"}, th, w)
		}),
	)
	if err := s.Draw(); err != nil {
		t.Fatal(err)
	}
	return &transcript{s: s, streaming: streaming, ed: ed}
}

func key(t *testing.T, raw string) input.Event {
	t.Helper()
	var d input.Decoder
	evs := d.Feed([]byte(raw))
	if len(evs) != 1 {
		t.Fatalf("%q decoded to %d events", raw, len(evs))
	}
	return evs[0]
}

// dump is a golden file's text: the scrollback, then the screen with its
// styles and the cursor.
func dump(term *vtest.Terminal) string {
	return "scrollback:\n" + strings.Join(term.Scrollback(), "\n") + "\nscreen:\n" + term.Dump()
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it after review):\n%s", name, got)
	}
}

func TestGoldenScreens(t *testing.T) {
	for _, width := range []int{40, 80, 120} {
		t.Run(strconv.Itoa(width), func(t *testing.T) {
			term := vtest.New(width, 24)
			build(t, term, width, 24)
			got := dump(term)
			golden(t, "transcript-"+strconv.Itoa(width)+".txt", got)
			// the failing component costs one dim row and nothing else
			if !strings.Contains(got, "⚠ component render failed: ") {
				t.Error("no diagnostic row for the failing component")
			}
			// the pinned component is the last transcript row, below the running tool
			lines := term.Lines()
			pin, run := index(lines, "▸ indexing files 3/10"), index(lines, "⎿ running…")
			if pin < 0 || run < 0 || pin < run {
				t.Errorf("pinned row at %d, running tool at %d: the pinned component is not at the tail", pin, run)
			}
		})
	}
}

func TestStreamedDeltaRepaintsOnlyItsRows(t *testing.T) {
	term := vtest.New(80, 24)
	tr := build(t, term, 80, 24)
	before := tr.s.Stats()
	tr.streaming.Append(", and the rest run.")
	if err := tr.s.Draw(); err != nil {
		t.Fatal(err)
	}
	st := tr.s.Stats()
	if rows := st.Rows - before.Rows; rows != 1 {
		t.Errorf("a delta wrote %d rows, want 1", rows)
	}
	if st.Redraws != before.Redraws {
		t.Error("a delta caused a full redraw")
	}
	if !strings.Contains(strings.Join(term.Screen(), "\n"), "the first ones pass, and the rest run.") {
		t.Error("the delta is not on the screen")
	}
	// the cursor is back in the editor, on the space before "output"
	x, y := term.Cursor()
	if row := []rune(term.Screen()[y]); x > len(row) || !strings.HasPrefix(string(row[x:]), " output") {
		t.Errorf("cursor at %d,%d on %q", x, y, row)
	}
}

func TestResizeMatchesAFreshScreen(t *testing.T) {
	term := vtest.New(80, 24)
	tr := build(t, term, 80, 24)
	term.Resize(40, 24)
	tr.s.Resize(40, 24)
	if err := tr.s.Draw(); err != nil {
		t.Fatal(err)
	}
	fresh := vtest.New(40, 24)
	build(t, fresh, 40, 24)
	if got, want := strings.Join(term.Lines(), "\n"), strings.Join(fresh.Lines(), "\n"); got != want {
		t.Errorf("after a resize to 40 columns:\n%s\n\na screen started at 40 columns:\n%s", got, want)
	}
}

func index(lines []string, sub string) int {
	for i, l := range lines {
		if strings.Contains(l, sub) {
			return i
		}
	}
	return -1
}
