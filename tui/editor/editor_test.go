package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/tui/input"
	"panto/tui/termtext"
)

// feed types raw terminal bytes into the editor and returns the last result.
func feed(e *Editor, raw string) Result {
	var d input.Decoder
	evs := append(d.Feed([]byte(raw)), d.Flush()...)
	r := Ignored
	for _, ev := range evs {
		r = e.HandleEvent(ev)
	}
	return r
}

// show is the text with the cursor drawn as "|".
func show(e *Editor) string { return e.text[:e.pos] + "|" + e.text[e.pos:] }

const (
	left      = "\x1b[D"
	right     = "\x1b[C"
	up        = "\x1b[A"
	down      = "\x1b[B"
	home      = "\x1b[H"
	end       = "\x1b[F"
	altB      = "\x1bb"
	altF      = "\x1bf"
	altBS     = "\x1b\x7f"
	ctrlW     = "\x17"
	ctrlK     = "\x0b"
	ctrlU     = "\x15"
	ctrlY     = "\x19"
	ctrlZ     = "\x1a"
	ctrlUndo  = "\x1f"
	bs        = "\x7f"
	del       = "\x1b[3~"
	enter     = "\r"
	shiftEnt  = "\x1b[13;2u"
	altEnter  = "\x1b\r"
	tab       = "\t"
	shiftTab  = "\x1b[Z"
	esc       = "\x1b"
	ctrlA     = "\x01"
	ctrlE     = "\x05"
	ctrlLeft  = "\x1b[1;5D"
	ctrlRight = "\x1b[1;5C"
)

func TestEditing(t *testing.T) {
	for _, c := range []struct{ name, keys, want string }{
		{"typing", "hello", "hello|"},
		{"left right", "abc" + left + left + "X" + right, "aXb|c"},
		{"combining mark is one step", "e\u0301x" + left + left, "|e\u0301x"},
		{"wide characters", "世界" + left + "x", "世x|界"},
		{"emoji sequence", "a👍🏽b" + left + left + "X", "aX|👍🏽b"},
		{"home end", "one two" + home + "X" + end + "Y", "Xone twoY|"},
		{"ctrl-a ctrl-e on a line", "ab" + shiftEnt + "cd" + ctrlA + "X" + ctrlE + "Y", "ab\nXcdY|"},
		{"word motion", "foo bar.baz" + altB + "X" + altB + altB + "Y" + altF + "Z", "foo YbarZ|.Xbaz"},
		{"ctrl arrows", "one two" + ctrlLeft + ctrlLeft + ctrlRight + "X", "oneX| two"},
		{"backspace and delete", "abcd" + left + left + bs + del, "a|d"},
		{"ctrl-w takes a spaced word", "git commit -m x.y" + ctrlW, "git commit -m |"},
		{"alt-backspace takes a word", "a foo.bar" + altBS, "a foo.|"},
		{"ctrl-k to line end", "hello world" + altB + ctrlK, "hello |"},
		{"ctrl-k at line end joins", "ab" + shiftEnt + "cd" + up + end + ctrlK, "ab|cd"},
		{"ctrl-u to line start", "abc" + shiftEnt + "def" + left + ctrlU, "abc\n|f"},
		{"ctrl-u at line start joins", "abc" + shiftEnt + ctrlU, "abc|"},
		{"yank", "hello world" + ctrlW + home + ctrlY, "world|hello "},
		{"kills add up", "a b c" + ctrlW + ctrlW + ctrlY, "a b c|"},
		{"shift-enter and alt-enter", "a" + shiftEnt + "b" + altEnter + "c", "a\nb\nc|"},
		{"backslash enter", "a\\" + enter + "b", "a\nb|"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := New(Options{})
			feed(e, c.keys)
			if got := show(e); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

func TestUndo(t *testing.T) {
	e := New(Options{})
	feed(e, "hello world")
	feed(e, ctrlUndo)
	if show(e) != "hello|" { // a word and the space before it are one step
		t.Errorf("undo took %q", show(e))
	}
	feed(e, ctrlZ)
	if show(e) != "|" {
		t.Errorf("second undo: %q", show(e))
	}
	feed(e, "abc"+bs+bs+"x")
	feed(e, ctrlUndo)
	if show(e) != "a|" {
		t.Errorf("undo after backspaces: %q", show(e))
	}
	feed(e, ctrlUndo)
	if show(e) != "abc|" {
		t.Errorf("undo of the backspace run: %q", show(e))
	}
	e.SetText("replaced")
	feed(e, ctrlUndo)
	if show(e) != "abc|" {
		t.Errorf("undo of SetText: %q", show(e))
	}
}

func TestEnterSubmits(t *testing.T) {
	e := New(Options{})
	if r := feed(e, "ask"+enter); r != Submit {
		t.Fatalf("Enter = %v", r)
	}
	text, err := e.Take()
	if text != "ask" || err != nil || e.Text() != "" {
		t.Errorf("Take = %q, %v; left %q", text, err, e.Text())
	}
	if r := feed(e, "\x04"); r != Ignored {
		t.Errorf("Ctrl-D on an empty prompt = %v, want Ignored (the app quits)", r)
	}
	if r := feed(e, esc); r != Ignored {
		t.Errorf("Esc = %v, want Ignored (the app cancels)", r)
	}
}

func TestPaste(t *testing.T) {
	e := New(Options{})
	big := strings.Repeat("line of pasted text\r\n", 5000)
	feed(e, "x"+"\x1b[200~"+big+"\x1b[31mred\x07\x1b[201~"+"y")
	want := "x" + strings.Repeat("line of pasted text\n", 5000) + "[31mredy"
	if e.Text() != want {
		t.Errorf("paste: got %d bytes %q..., want %d", len(e.Text()), e.Text()[:40], len(want))
	}
	feed(e, ctrlUndo+ctrlUndo) // the typed "y", then the whole paste
	if show(e) != "x|" {
		t.Errorf("undo after paste: %q", show(e))
	}
}

func TestSoftWrap(t *testing.T) {
	e := New(Options{Prompt: "> "})
	e.SetText("the quick brown fox jumps over 世界世界世界 lazydogs")
	rows := e.Render(14) // 11 columns of text, one for the cursor
	for i, r := range rows {
		if w := termtext.Width(r); w != 14 {
			t.Errorf("row %d is %d wide: %q", i, w, r)
		}
	}
	var got []string
	for _, r := range rows {
		got = append(got, strings.TrimRight(stripSGR(r), " "))
	}
	want := []string{"> the quick", "  brown fox", "  jumps over", "  世界世界世", "  界 lazydogs"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	row, col, ok := e.Cursor()
	if !ok || row != 4 || col != 13 {
		t.Errorf("cursor = %d,%d,%v; want 4,13", row, col, ok)
	}
}

func stripSGR(s string) string {
	for {
		i := strings.Index(s, "\x1b[")
		if i < 0 {
			return s
		}
		j := strings.IndexByte(s[i:], 'm')
		s = s[:i] + s[i+j+1:]
	}
}

func TestCursorNeverPastTheEdge(t *testing.T) {
	e := New(Options{})
	for _, text := range []string{"abcdefghij", "abcdefgh  ", "世界世界世界", "a b c d e f g h"} {
		e.SetText(text)
		for w := 3; w < 14; w++ {
			e.Render(w)
			for p := 0; p <= len(e.text); p = nextCluster(e.text, p) {
				e.pos = p
				e.Render(w)
				if _, col, _ := e.Cursor(); col >= w {
					t.Fatalf("%q at width %d, offset %d: cursor column %d", text, w, p, col)
				}
				if p == len(e.text) {
					break
				}
			}
		}
	}
}

func TestVerticalMovesKeepTheColumn(t *testing.T) {
	e := New(Options{Prompt: "> "})
	e.SetText("first line here\nab\nthird line")
	e.Render(40)
	feed(e, up+up) // from the end of "third line" (col 10)
	if show(e) != "first line|here\nab\nthird line" && show(e) != "first line| here\nab\nthird line" {
		t.Errorf("up up = %q", show(e))
	}
	feed(e, down)
	if show(e) != "first line here\nab|\nthird line" {
		t.Errorf("down to a short line = %q", show(e))
	}
	feed(e, down)
	if show(e) != "first line here\nab\nthird line|" {
		t.Errorf("down again restores the column = %q", show(e))
	}
}

func TestHistory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nested", "history.jsonl")
	h, err := LoadHistory(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	e := New(Options{History: h})
	for _, p := range []string{"first", "second\nwith two lines", "second\nwith two lines", "   ", "third"} {
		e.SetText(p)
		if _, err := e.Take(); err != nil {
			t.Fatal(err)
		}
	}
	feed(e, "draft")
	feed(e, up)
	if e.Text() != "third" {
		t.Fatalf("up = %q", e.Text())
	}
	feed(e, up)
	if e.Text() != "second\nwith two lines" || e.Pos() != len("second") {
		t.Fatalf("up = %q at %d", e.Text(), e.Pos())
	}
	feed(e, up) // the cursor is on the first row: on to the older prompt
	if e.Text() != "first" {
		t.Fatalf("up = %q", e.Text())
	}
	feed(e, up)
	if e.Text() != "first" {
		t.Errorf("past the oldest: %q", e.Text())
	}
	feed(e, down+down+down+down)
	if e.Text() != "draft" {
		t.Errorf("down back to the draft: %q", e.Text())
	}

	data, _ := os.ReadFile(path)
	if string(data) != "\"first\"\n\"second\\nwith two lines\"\n\"third\"\n" {
		t.Errorf("file = %q", data)
	}
	// a damaged line is skipped, the rest loads
	os.WriteFile(path, append(data, []byte("{not json\n\"fourth\"\n")...), 0o600)
	h2, err := LoadHistory(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(h2.Entries(), "|"); got != "first|second\nwith two lines|third|fourth" {
		t.Errorf("reloaded = %q", got)
	}
}

func TestHistoryLimitRewritesFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "h.jsonl")
	h, _ := LoadHistory(path, 3)
	for _, s := range []string{"1", "2", "3", "4", "5", "6", "7"} {
		h.Add(s)
	}
	if got := strings.Join(h.Entries(), ","); got != "5,6,7" {
		t.Errorf("in memory = %s", got)
	}
	h2, err := LoadHistory(path, 3)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(h2.Entries(), ","); got != "5,6,7" {
		t.Errorf("loaded = %s", got)
	}
	data, _ := os.ReadFile(path)
	if string(data) != "\"5\"\n\"6\"\n\"7\"\n" {
		t.Errorf("the file was not trimmed: %q", data)
	}
}

func commands(text string, pos int) Completion {
	if !strings.HasPrefix(text, "/") {
		return Completion{}
	}
	var items []Item
	for _, c := range []struct{ name, desc string }{
		{"/model", "pick a model"}, {"/new", "start a new session"}, {"/quit", "leave"}, {"/resume", "resume a session"}, {"/reload", "rebuild the Lua state"},
	} {
		if strings.HasPrefix(c.name, text[:pos]) {
			items = append(items, Item{Text: c.name + " ", Label: c.name, Description: c.desc})
		}
	}
	return Completion{From: 0, Items: items}
}

func TestCompletion(t *testing.T) {
	e := New(Options{Complete: commands})
	feed(e, "/m"+tab)
	if show(e) != "/model |" || e.MenuOpen() {
		t.Errorf("single candidate: %q menu=%v", show(e), e.MenuOpen())
	}
	e.SetText("/re")
	feed(e, tab)
	if show(e) != "/re|" || !e.MenuOpen() {
		t.Fatalf("two candidates: %q menu=%v", show(e), e.MenuOpen())
	}
	rows := e.Render(50)
	menu := stripSGR(strings.Join(rows[1:], "\n"))
	if !strings.Contains(menu, "/resume  resume a session") || !strings.Contains(menu, "/reload  rebuild the Lua state") {
		t.Errorf("menu rows:\n%s", menu)
	}
	feed(e, tab) // next item
	if r := feed(e, enter); r != Handled || show(e) != "/reload |" || e.MenuOpen() {
		t.Errorf("Enter in the menu = %v, %q", r, show(e))
	}
	e.SetText("/")
	feed(e, tab)
	feed(e, "q") // typing narrows the menu; one left closes nothing yet
	if !e.MenuOpen() || len(e.menu.items) != 1 {
		t.Errorf("menu after typing: open=%v", e.MenuOpen())
	}
	feed(e, esc)
	if e.MenuOpen() || show(e) != "/q|" {
		t.Errorf("Esc: %q open=%v", show(e), e.MenuOpen())
	}
	e.SetText("/zzz")
	feed(e, tab)
	if e.MenuOpen() {
		t.Error("no candidates opened a menu")
	}
}

func TestScrollKeepsCursorVisible(t *testing.T) {
	e := New(Options{MaxRows: 3})
	e.SetText("1\n2\n3\n4\n5\n6")
	rows := e.Render(20)
	if len(rows) != 3 || !strings.Contains(rows[2], "6") {
		t.Fatalf("rows = %q", rows)
	}
	feed(e, up+up+up+up)
	rows = e.Render(20)
	if row, _, _ := e.Cursor(); !strings.Contains(rows[row], "2") {
		t.Errorf("cursor row %d shows %q", row, rows[row])
	}
}

func TestPlaceholderAndFocus(t *testing.T) {
	e := New(Options{Placeholder: "Ask anything"})
	rows := e.Render(30)
	if !strings.Contains(rows[0], "Ask anything") {
		t.Errorf("placeholder missing: %q", rows[0])
	}
	v := e.Version()
	e.SetFocus(false)
	if _, _, ok := e.Cursor(); ok || e.Version() == v {
		t.Error("an unfocused editor still shows its cursor")
	}
}

func FuzzEditor(f *testing.F) {
	f.Add("hello"+left+altBS+"世"+shiftEnt+"x"+up+ctrlK+ctrlUndo, uint8(12))
	f.Add("e\u0301\u0301"+left+del+"\t"+tab+ctrlY, uint8(3))
	f.Fuzz(func(t *testing.T, keys string, w uint8) {
		e := New(Options{Complete: commands, MaxRows: 4})
		width := int(w%60) + 1
		e.Render(width)
		feed(e, keys)
		rows := e.Render(width)
		for i, r := range rows {
			if termtext.Width(r) != width {
				t.Fatalf("row %d is %d wide at width %d", i, termtext.Width(r), width)
			}
		}
		if e.pos < 0 || e.pos > len(e.text) {
			t.Fatalf("cursor %d outside %d bytes", e.pos, len(e.text))
		}
		if row, col, ok := e.Cursor(); ok && (row < 0 || row >= len(rows) || col > width) {
			t.Fatalf("cursor %d,%d outside %d rows of %d", row, col, len(rows), width)
		}
	})
}

// TestAutoMenu: with AutoMenu, typing "/" opens the menu at once; typing
// filters it, Tab or Enter completes the selected item (Enter on a name
// typed whole sends it), Esc closes it until the prompt is emptied.
func TestAutoMenu(t *testing.T) {
	slash := func(text string, pos int) bool { return text == "/" && pos == 1 }
	cases := []struct {
		name string
		keys []string // fed one by one: an Esc followed at once by a key reads as Alt
		want string
		open bool
	}{
		{"slash opens", []string{"/"}, "/|", true},
		{"other text does not", []string{"m"}, "m|", false},
		{"typing filters", []string{"/re"}, "/re|", true},
		{"tab completes the first", []string{"/re", tab}, "/resume |", false},
		{"down then tab", []string{"/re", down, tab}, "/reload |", false},
		{"enter completes", []string{"/mo", enter}, "/model |", false},
		{"enter sends a whole name", []string{"/model", enter}, "/model|", false},
		{"no match closes", []string{"/zz"}, "/zz|", false},
		{"esc closes", []string{"/", esc}, "/|", false},
		{"esc holds until emptied", []string{"/", esc, bs, "/"}, "/|", true},
		{"esc holds while text stays", []string{"/", esc, "r"}, "/r|", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := New(Options{Complete: commands, AutoMenu: slash})
			var r Result
			for _, k := range c.keys {
				r = feed(e, k)
			}
			if sent := r == Submit; sent != strings.HasSuffix(c.name, "sends a whole name") {
				t.Errorf("result %v", r)
			}
			if show(e) != c.want || e.MenuOpen() != c.open {
				t.Errorf("%q: open=%v, want %q open=%v", show(e), e.MenuOpen(), c.want, c.open)
			}
		})
	}
}
