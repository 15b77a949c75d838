package screen

import (
	"fmt"
	"io"
	"math/rand"
	"regexp"
	"strings"
	"testing"
	"time"

	"panto/tui/render"
	"panto/tui/vtest"
)

// block is a test block: mutable chunks, a version, optional pinning.
type block struct {
	chunks  []string
	version uint64
	pin     bool
	renders int
}

func newBlock(chunks ...string) *block { return &block{chunks: chunks} }

func (b *block) Render(width int) []string {
	b.renders++
	return render.Rows(b.chunks, width)
}
func (b *block) Version() uint64 { return b.version }
func (b *block) Pinned() bool    { return b.pin }
func (b *block) set(chunks ...string) {
	b.chunks = chunks
	b.version++
}

var sgr = regexp.MustCompile(`\x1b\[[0-9;:]*m`)

// plain is what a row looks like on the emulated screen.
func plain(rows []string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = strings.TrimRight(sgr.ReplaceAllString(r, ""), " ")
	}
	return out
}

func trimBlank(rows []string) []string {
	for len(rows) > 0 && rows[len(rows)-1] == "" {
		rows = rows[:len(rows)-1]
	}
	return rows
}

func expectLines(t *testing.T, term *vtest.Terminal, want []string) {
	t.Helper()
	got := term.Lines()
	want = trimBlank(plain(want))
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("terminal lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func draw(t *testing.T, s *Screen) {
	t.Helper()
	if err := s.Draw(); err != nil {
		t.Fatal(err)
	}
}

func TestCommitAndLiveTail(t *testing.T) {
	term := vtest.New(20, 6)
	s := New(term, 20, 6)
	footer := newBlock("> prompt")
	s.SetBottom(footer)
	a := s.Add(newBlock("first block"))
	b := newBlock("streaming")
	s.Add(b)
	draw(t, s)
	expectLines(t, term, []string{"first block", "streaming", "> prompt"})
	a.Finish()
	b.set("streaming more")
	draw(t, s)
	if s.Live() != 1 {
		t.Errorf("live blocks = %d, want 1", s.Live())
	}
	expectLines(t, term, []string{"first block", "streaming more", "> prompt"})
	for i := range 8 {
		s.Print(fmt.Sprintf("line %d", i))
	}
	draw(t, s)
	// b is not finished, so nothing after it commits
	if s.Live() != 9 {
		t.Errorf("live blocks = %d, want 9", s.Live())
	}
}

func TestScrollbackHoldsCommittedRows(t *testing.T) {
	term := vtest.New(20, 5)
	s := New(term, 20, 5)
	s.SetBottom(newBlock("> "))
	var want []string
	for i := range 30 {
		line := fmt.Sprintf("row %d", i)
		s.Print(line)
		want = append(want, line)
		draw(t, s)
	}
	expectLines(t, term, append(want, "> "))
	if n := len(term.Scrollback()); n != 26 {
		t.Errorf("scrollback rows = %d, want 26", n)
	}
}

func TestUnchangedFrameWritesNothing(t *testing.T) {
	term := vtest.New(30, 10)
	s := New(term, 30, 10)
	s.SetBottom(newBlock("> "))
	s.Add(newBlock("a", "b", "c"))
	draw(t, s)
	before := term.Bytes()
	draw(t, s)
	if term.Bytes() != before {
		t.Errorf("an unchanged frame wrote %d bytes", term.Bytes()-before)
	}
}

func TestDifferentialRepaintWritesOnlyChangedRows(t *testing.T) {
	term := vtest.New(40, 12)
	s := New(term, 40, 12)
	status := newBlock("status: idle")
	s.SetBottom(newBlock("> "), status)
	tool := newBlock("tool header", "line 1", "line 2", "line 3", "running…")
	s.Add(tool)
	draw(t, s)
	st := s.Stats()
	tool.set("tool header", "line 1", "line 2", "line 3", "done")
	draw(t, s)
	if d := s.Stats().Rows - st.Rows; d != 1 {
		t.Errorf("changing one row wrote %d rows", d)
	}
	st = s.Stats()
	status.set("status: busy")
	draw(t, s)
	if d := s.Stats().Rows - st.Rows; d != 1 {
		t.Errorf("changing the status wrote %d rows", d)
	}
	expectLines(t, term, []string{"tool header", "line 1", "line 2", "line 3", "done", "> ", "status: busy"})
	if r := s.Stats().Redraws; r != 0 {
		t.Errorf("%d full redraws, want none", r)
	}
}

func TestShrinkErasesBelow(t *testing.T) {
	term := vtest.New(20, 10)
	s := New(term, 20, 10)
	b := newBlock("1", "2", "3", "4")
	s.Add(b)
	s.SetBottom(newBlock("> "))
	draw(t, s)
	b.set("1")
	draw(t, s)
	expectLines(t, term, []string{"1", "> "})
	b.set("1", "2", "3", "4", "5", "6")
	draw(t, s)
	expectLines(t, term, []string{"1", "2", "3", "4", "5", "6", "> "})
}

func TestVersionSkipsRender(t *testing.T) {
	term := vtest.New(20, 5)
	s := New(term, 20, 5)
	b := newBlock("x")
	s.Add(b)
	draw(t, s)
	draw(t, s)
	if b.renders != 1 {
		t.Errorf("renders = %d, want 1 (version unchanged)", b.renders)
	}
	b.set("y")
	draw(t, s)
	if b.renders != 2 {
		t.Errorf("renders = %d, want 2", b.renders)
	}
}

func TestPinnedStaysAtTail(t *testing.T) {
	term := vtest.New(20, 8)
	s := New(term, 20, 8)
	s.SetBottom(newBlock("> "))
	p := newBlock("[pinned]")
	p.pin = true
	pi := s.Add(p)
	pi.Finish() // finished but pinned: stays live
	s.Add(newBlock("after 1")).Finish()
	s.Add(newBlock("after 2"))
	draw(t, s)
	expectLines(t, term, []string{"after 1", "after 2", "[pinned]", "> "})
	if s.Live() != 2 {
		t.Errorf("live = %d, want 2 (the pinned block and the unfinished one)", s.Live())
	}
	p.pin = false
	p.version++
	draw(t, s)
	// unpinned and finished: committed where the transcript is now
	expectLines(t, term, []string{"after 1", "[pinned]", "after 2", "> "})
	if s.Live() != 1 {
		t.Errorf("live = %d, want 1", s.Live())
	}
}

type panicky struct{}

func (panicky) Render(int) []string { panic("boom at line 3") }

func TestFailingRenderShowsDiagnostic(t *testing.T) {
	term := vtest.New(40, 5)
	s := New(term, 40, 5)
	s.Add(panicky{})
	s.SetBottom(newBlock("> "))
	draw(t, s)
	scr := term.Screen()
	if !strings.HasPrefix(scr[0], "⚠ render failed: boom at line 3") {
		t.Fatalf("row 0 = %q", scr[0])
	}
	if st := term.Style(0, 0); st != "dim" {
		t.Errorf("diagnostic style = %q, want dim", st)
	}
	if scr[1] != "> " && scr[1] != ">" {
		t.Errorf("the UI stopped after the failure: row 1 = %q", scr[1])
	}
}

type editorStub struct {
	*block
	row, col int
}

func (e editorStub) Cursor() (int, int, bool) { return e.row, e.col, true }

func TestCursorPlacement(t *testing.T) {
	term := vtest.New(20, 6)
	s := New(term, 20, 6)
	s.Add(newBlock("transcript"))
	s.SetBottom(editorStub{newBlock("> hello", "  world"), 1, 4}, newBlock("footer"))
	draw(t, s)
	x, y := term.Cursor()
	if x != 4 || y != 2 || !term.CursorVisible() {
		t.Errorf("cursor = %d,%d visible=%v; want 4,2 visible", x, y, term.CursorVisible())
	}
	// a cursor move alone is a frame of its own
	s.SetBottom(editorStub{newBlock("> hello", "  world"), 0, 7}, newBlock("footer"))
	draw(t, s)
	if x, y := term.Cursor(); x != 7 || y != 1 {
		t.Errorf("cursor = %d,%d; want 7,1", x, y)
	}
}

func TestResizeRedrawsAtNewWidth(t *testing.T) {
	term := vtest.New(30, 8)
	s := New(term, 30, 8)
	s.SetBottom(newBlock("> "))
	long := "alpha beta gamma delta epsilon zeta eta theta"
	for i := range 6 {
		s.Print(fmt.Sprintf("%d %s", i, long))
	}
	live := newBlock("live " + long)
	s.Add(live)
	draw(t, s)
	term.Resize(20, 8)
	s.Resize(20, 8)
	draw(t, s)
	var want []string
	for i := range 6 {
		want = append(want, render.Rows([]string{fmt.Sprintf("%d %s", i, long)}, 20)...)
	}
	want = append(want, render.Rows([]string{"live " + long}, 20)...)
	want = append(want, "> ")
	expectLines(t, term, want)
	if s.Stats().Redraws != 1 {
		t.Errorf("redraws = %d, want 1", s.Stats().Redraws)
	}
	// and differential painting goes on afterwards
	before := s.Stats().Rows
	live.set("live short")
	draw(t, s)
	want = append(want[:len(want)-4], "live short", "> ")
	expectLines(t, term, want)
	if s.Stats().Redraws != 1 || s.Stats().Rows-before > 2 {
		t.Errorf("after resize: redraws=%d rows written=%d", s.Stats().Redraws, s.Stats().Rows-before)
	}
}

func TestChangeAboveScreenRedraws(t *testing.T) {
	term := vtest.New(20, 4)
	s := New(term, 20, 4)
	s.SetRedrawInterval(0)
	s.Print("old")
	tall := newBlock("t1", "t2", "t3", "t4", "t5", "t6")
	s.Add(tall)
	s.SetBottom(newBlock("> "))
	draw(t, s)
	// t1 has scrolled off the 4-row screen; changing it needs a redraw
	tall.set("T1", "t2", "t3", "t4", "t5", "t6")
	draw(t, s)
	expectLines(t, term, []string{"old", "T1", "t2", "t3", "t4", "t5", "t6", "> "})
	if s.Stats().Redraws != 1 {
		t.Errorf("redraws = %d, want 1", s.Stats().Redraws)
	}
	// a change on screen does not
	tall.set("T1", "t2", "t3", "t4", "t5", "T6")
	draw(t, s)
	if s.Stats().Redraws != 1 {
		t.Errorf("redraws = %d, want still 1", s.Stats().Redraws)
	}
	expectLines(t, term, []string{"old", "T1", "t2", "t3", "t4", "t5", "T6", "> "})
}

// settler is a streaming block whose first rows are final.
type settler struct {
	*block
	settled int
}

func (s *settler) Settled(int) int { return s.settled }

func TestSettledRowsCommitEarly(t *testing.T) {
	term := vtest.New(20, 5)
	s := New(term, 20, 5)
	s.SetBottom(newBlock("> "))
	m := &settler{block: newBlock("p1")}
	it := s.Add(m)
	draw(t, s)
	var rows []string
	for i := 1; i <= 12; i++ {
		rows = append(rows, fmt.Sprintf("p%d", i))
		m.set(rows...)
		m.settled = len(rows) - 1
		draw(t, s)
	}
	expectLines(t, term, append(append([]string{}, rows...), "> "))
	if s.Stats().Redraws != 0 {
		t.Errorf("redraws = %d: settled rows should have left the live region", s.Stats().Redraws)
	}
	it.Finish()
	draw(t, s)
	expectLines(t, term, append(rows, "> "))
}

func TestDetachAndClose(t *testing.T) {
	term := vtest.New(20, 6)
	s := New(term, 20, 6)
	s.Print("kept")
	s.SetBottom(newBlock("> editor"))
	draw(t, s)
	if err := s.Detach(); err != nil {
		t.Fatal(err)
	}
	term.Write([]byte("child output\r\n"))
	draw(t, s)
	expectLines(t, term, []string{"kept", "child output", "> editor"})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, y := term.Cursor(); y != 3 {
		t.Errorf("cursor row after Close = %d, want 3", y)
	}
}

// TestRandomSessions drives the screen with random operations and checks
// after every frame that scrollback plus screen read as the committed rows
// followed by the live frame.
func TestRandomSessions(t *testing.T) {
	for seed := int64(1); seed <= 40; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewSource(seed))
			w, h := 10+rng.Intn(30), 3+rng.Intn(10)
			term := vtest.New(w, h)
			s := New(term, w, h)
			s.SetRedrawInterval(0)
			var committed []*block
			type live struct {
				b    *block
				it   *Item
				done bool
			}
			var lives []*live
			status := newBlock("status 0")
			s.SetBottom(newBlock("> input"), status)
			word := func() string { return strings.Repeat(string(rune('a'+rng.Intn(26))), 1+rng.Intn(12)) }
			chunks := func() []string {
				n := 1 + rng.Intn(4)
				c := make([]string, n)
				for i := range c {
					c[i] = word() + " " + word()
				}
				return c
			}
			for step := range 60 {
				op := rng.Intn(10)
				t.Logf("step %d op %d w=%d h=%d live=%d redraws=%d", step, op, w, h, len(lives), s.Stats().Redraws)
				switch {
				case op < 3:
					b := newBlock(chunks()...)
					lives = append(lives, &live{b: b, it: s.Add(b)})
				case op < 6 && len(lives) > 0:
					l := lives[rng.Intn(len(lives))]
					if !l.done {
						l.b.set(chunks()...)
					}
				case op < 8 && len(lives) > 0:
					l := lives[rng.Intn(len(lives))]
					l.done = true
					l.it.Finish()
				case op == 8:
					status.set(fmt.Sprintf("status %d", step))
				default:
					if rng.Intn(4) == 0 {
						w = 10 + rng.Intn(30)
						if rng.Intn(2) == 0 {
							h = 3 + rng.Intn(10)
						}
						term.Resize(w, h)
						s.Resize(w, h)
					}
				}
				draw(t, s)
				// the model: the leading finished blocks are committed; a
				// resize redraws them all at the new width
				for len(lives) > 0 && lives[0].done {
					committed = append(committed, lives[0].b)
					lives = lives[1:]
				}
				var want []string
				for _, b := range committed {
					want = append(want, render.Rows(b.chunks, w)...)
				}
				for _, l := range lives {
					want = append(want, render.Rows(l.b.chunks, w)...)
				}
				want = append(want, "> input", status.chunks[0])
				expectLines(t, term, want)
			}
		})
	}
}

func TestPlainWritesNoStyles(t *testing.T) {
	var out strings.Builder
	s := New(&out, 30, 5)
	s.SetPlain(true)
	s.Add(newBlock("\x1b[1;31mred bold\x1b[0m and \x1b[48;5;17mbackground"))
	s.SetBottom(newBlock("> "))
	draw(t, s)
	if strings.Contains(out.String(), "m") && sgr.MatchString(out.String()) {
		t.Errorf("plain output has SGR: %q", out.String())
	}
	if !strings.Contains(out.String(), "red bold and background") {
		t.Errorf("text lost: %q", out.String())
	}
}

func TestOffscreenRedrawsAreRateLimited(t *testing.T) {
	term := vtest.New(30, 6)
	s := New(term, 30, 6)
	clock := time.Unix(1000, 0)
	s.p.now = func() time.Time { return clock }
	s.SetRedrawInterval(time.Second)
	for i := range 50 {
		s.Print(fmt.Sprintf("history %d", i))
	}
	tall := newBlock()
	rows := func(n int) []string { // a header with a counter over a long output
		c := []string{fmt.Sprintf("● shell (%ds)", n)}
		for i := range 12 {
			c = append(c, fmt.Sprintf("  output %d", i))
		}
		return c
	}
	tall.set(rows(0)...)
	s.Add(tall)
	s.SetBottom(newBlock("> "))
	draw(t, s)
	redraws := s.Stats().Redraws
	// the first change above the screen redraws at once; the next ones
	// within a second paint only the rows on screen; then one redraw
	for tick := 1; tick <= 11; tick++ {
		before := s.Stats()
		tall.set(rows(tick)...)
		draw(t, s)
		st := s.Stats()
		want := redraws + 1
		if tick == 11 {
			want = redraws + 2
		}
		if st.Redraws != want {
			t.Fatalf("tick %d: %d redraws, want %d", tick, st.Redraws-redraws, want-redraws)
		}
		if tick > 1 && tick < 11 && st.Bytes-before.Bytes > 200 {
			t.Errorf("tick %d wrote %d bytes for one changed row", tick, st.Bytes-before.Bytes)
		}
		clock = clock.Add(100 * time.Millisecond)
	}
	// after that redraw the terminal reads right again
	want := []string{}
	for i := range 50 {
		want = append(want, fmt.Sprintf("history %d", i))
	}
	want = append(append(want, rows(11)...), "> ")
	expectLines(t, term, want)
	// a stale frame with nothing new still gets its redraw once due
	tall.set(rows(12)...)
	draw(t, s)
	clock = clock.Add(2 * time.Second)
	draw(t, s)
	expectLines(t, term, append(want[:len(want)-14], append(rows(12), "> ")...))
}

// TestHistoryIsBounded: a long session commits far more rows than a
// redraw reprints; the screen keeps about historyLimit of them (the
// newest), and says in a redraw that earlier output was let go.
func TestHistoryIsBounded(t *testing.T) {
	s := New(io.Discard, 40, 10)
	for i := range 3 * historyLimit {
		s.Print(fmt.Sprintf("row %d", i))
		if i%50 == 0 {
			s.Draw()
		}
	}
	s.Draw()
	if s.historyRowCount > historyLimit*3/2 || len(s.history) > historyLimit*3/2 {
		t.Fatalf("%d rows in %d blocks kept", s.historyRowCount, len(s.history))
	}
	rows := s.historyRows()
	if !strings.HasPrefix(rows[0], historyNote) || !strings.HasPrefix(rows[len(rows)-1], fmt.Sprintf("row %d ", 3*historyLimit-1)) {
		t.Errorf("redraw rows: %q … %q", rows[0], rows[len(rows)-1])
	}
	if n := len(rows) - 1; n < historyLimit {
		t.Errorf("a redraw reprints %d rows, fewer than %d", n, historyLimit)
	}
}
