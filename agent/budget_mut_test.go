package agent

import (
	"strings"
	"testing"
	"unicode/utf8"

	"panto/agent/conv"
	"panto/agent/provider"
)

// TestTokenEstimates: four characters a token for text, arguments and
// names, a thousand for an image, four for each message's framing; a
// request adds its system prompt and its tools' names, descriptions and
// schemas.
func TestTokenEstimates(t *testing.T) {
	m := conv.Message{Role: conv.Assistant, Blocks: []conv.Block{
		conv.TextBlock(strings.Repeat("a", 40)),                                   // 10
		{Type: conv.ToolCall, Name: "abcd", Arguments: strings.Repeat("b", 16)},   // (4+16)/4 = 5
		{Type: conv.Image, MediaType: "image/png", Data: strings.Repeat("x", 99)}, // 1000: the data does not count
	}}
	if got := messageTokens(&m); got != 10+5+1000+4 {
		t.Errorf("messageTokens = %d, want %d", got, 10+5+1000+4)
	}
	empty := conv.Message{Role: conv.User}
	if got := estimateTokens([]conv.Message{m, empty}); got != 1019+4 {
		t.Errorf("estimateTokens = %d, want %d", got, 1019+4)
	}
	// Each block is rounded down on its own: three 3-character texts are
	// no token at all.
	three := conv.Message{Blocks: []conv.Block{conv.TextBlock("abc"), conv.TextBlock("abc"), conv.TextBlock("abc")}}
	if got := messageTokens(&three); got != 4 {
		t.Errorf("three short texts = %d, want 4", got)
	}
	req := &provider.Request{System: strings.Repeat("s", 400), Tools: []provider.Tool{
		{Name: "read", Description: strings.Repeat("d", 96), Schema: []byte(strings.Repeat("{", 100))},
		{Name: "ed", Description: "", Schema: []byte("{}")},
	}, Messages: []conv.Message{m}}
	// (400 + 4+96+100 + 2+0+2) / 4 = 151
	if got := overheadTokens(req); got != 151 {
		t.Errorf("overheadTokens = %d, want 151", got)
	}
	if got := requestTokens(req); got != 151+1019 {
		t.Errorf("requestTokens = %d, want %d", got, 151+1019)
	}
}

// TestCalibrate: the provider's reported size over the estimate becomes
// the scale, kept between a half and four; a report of nothing leaves
// the scale as it was; an overflow raises it by a quarter, from at least
// one, up to four.
func TestCalibrate(t *testing.T) {
	a := &Agent{}
	if s := a.scaleNow(); s != 1 {
		t.Fatalf("scale before any report = %v, want 1", s)
	}
	steps := []struct {
		name                string
		reported, estimated int64
		want                float64
	}{
		{"ratio", 300, 200, 1.5},
		{"no report keeps it", 0, 200, 1.5},
		{"no estimate keeps it", 300, 0, 1.5},
		{"negative report keeps it", -5, 200, 1.5},
		{"clamped above", 1000, 10, 4},
		{"clamped below", 1, 100, 0.5},
		{"just inside", 399, 100, 3.99},
	}
	for _, s := range steps {
		a.calibrate(s.reported, s.estimated)
		if got := a.scaleNow(); got != s.want {
			t.Errorf("%s: scale %v, want %v", s.name, got, s.want)
		}
	}
	if got := a.scaled(1000); got != 3990 {
		t.Errorf("scaled(1000) = %d at 3.99", got)
	}
	b := &Agent{}
	b.calibrate(60, 100) // 0.6
	b.overflowed()       // below 1: from 1, so 1.25
	if got := b.scaleNow(); got != 1.25 {
		t.Errorf("after an overflow from 0.6: %v, want 1.25", got)
	}
	b.overflowed()
	if got := b.scaleNow(); got != 1.5625 {
		t.Errorf("after a second overflow: %v, want 1.5625", got)
	}
	for range 10 {
		b.overflowed()
	}
	if got := b.scaleNow(); got != 4 {
		t.Errorf("after many overflows: %v, want the bound 4", got)
	}
	c := &Agent{}
	c.overflowed() // no report yet: from 1
	if got := c.scaleNow(); got != 1.25 {
		t.Errorf("first overflow without a report: %v, want 1.25", got)
	}
}

// TestNewBudgetBoundaries: a response limit equal to half the window is
// still reserved whole; one equal to the quarter changes nothing.
func TestNewBudgetBoundaries(t *testing.T) {
	b := newBudget(40000, 20000)
	if b.reserve != 20000 || b.keep != 8000 || b.limit() != 20000 {
		t.Errorf("half the window: %+v limit %d", b, b.limit())
	}
	b = newBudget(40000, 10000)
	if b.reserve != 10000 || b.keep != 12000 {
		t.Errorf("a quarter: %+v", b)
	}
	b = newBudget(40000, 20001)
	if b.reserve != 10000 {
		t.Errorf("above half the window: %+v", b)
	}
	// Keep is bounded by maxKeep, reserve by maxReserve.
	b = newBudget(1_000_000, 0)
	if b.reserve != maxReserve || b.keep != maxKeep || b.limit() != 1_000_000-maxReserve {
		t.Errorf("a large window: %+v", b)
	}
	if (windowBudget{}).limit() != 0 || budgetFor(nil) != (windowBudget{}) {
		t.Error("no window must mean no limit")
	}
	if b := newBudget(-5, 100); b != (windowBudget{}) {
		t.Errorf("a negative window: %+v", b)
	}
}

// TestCapFor checks the binary search against a linear one: the largest
// cap at least minCutChars that frees at least over characters.
func TestCapFor(t *testing.T) {
	freed := func(sizes []int, c int) int {
		n := 0
		for _, s := range sizes {
			if s > c {
				n += s - c - len(cutNoteFormat)
			}
		}
		return n
	}
	linear := func(sizes []int, over int) int {
		best := minCutChars
		for c := minCutChars; c <= sizes[len(sizes)-1]; c++ {
			if freed(sizes, c) >= over {
				best = c
			}
		}
		return best
	}
	for _, c := range []struct {
		sizes []int
		over  int
	}{
		{[]int{300, 5000}, 1000},
		{[]int{300, 5000}, 4000},
		{[]int{1000, 1000, 1000}, 600},
		{[]int{1000, 2000, 3000}, 2500},
		{[]int{1000, 2000, 3000}, 1},
		{[]int{400}, 1_000_000}, // cannot free enough: the floor
		{[]int{257, 258}, 1},
	} {
		got, want := capFor(c.sizes, c.over), linear(c.sizes, c.over)
		if got != want {
			t.Errorf("capFor(%v, %d) = %d, want %d", c.sizes, c.over, got, want)
		}
	}
	// Asked for exactly what the floor frees: a text just above the floor
	// frees less than its note when cut, so a higher cap that leaves it
	// whole frees as much, and the longer texts keep more.
	for _, sizes := range [][]int{{257, 1000}, {260, 700, 900}, {1000}} {
		over := freed(sizes, minCutChars)
		got, want := capFor(sizes, over), linear(sizes, over)
		if got != want {
			t.Errorf("capFor(%v, %d) = %d, want %d", sizes, over, got, want)
		}
	}
	if over := freed([]int{257, 1000}, minCutChars); linear([]int{257, 1000}, over) == minCutChars {
		t.Error("the exact case does not test above the floor")
	}
}

// TestFitRequestCutsOnlyLongTexts: texts of minCutChars or fewer are
// never cut, even when that leaves the request over its limit; a
// request that needs no cut keeps its messages untouched; every cut
// text ends with a note counting what went.
func TestFitRequestCutsOnlyLongTexts(t *testing.T) {
	text := func(role conv.Role, s string) conv.Message {
		return conv.Message{Role: role, Blocks: []conv.Block{conv.TextBlock(s)}}
	}
	short := strings.Repeat("s", minCutChars)
	req := &provider.Request{Messages: []conv.Message{text(conv.User, short), text(conv.Tool, short)}}
	if n := fitRequest(req, 10, 1); n != 0 || req.Messages[0].Text() != short || req.Messages[1].Text() != short {
		t.Errorf("short texts were cut (%d)", n)
	}
	if n := fitRequest(req, 0, 1); n != 0 {
		t.Errorf("no limit cut %d", n)
	}
	// Two long texts and a limit that needs both cut to the same cap.
	a, b := strings.Repeat("a", 20_000), strings.Repeat("b", 30_000)
	req = &provider.Request{Messages: []conv.Message{text(conv.User, a), text(conv.Tool, b)}}
	if n := fitRequest(req, 2000, 0); n != 2 { // scale 0 counts as 1
		t.Fatalf("cut %d texts, want 2", n)
	}
	if got := requestTokens(req); got > 2000 {
		t.Errorf("still %d tokens", got)
	}
	for i, orig := range []string{a, b} {
		got := req.Messages[i].Text()
		keep := strings.Index(got, "\n[…")
		if keep < minCutChars || got[:keep] != orig[:keep] {
			t.Fatalf("message %d: kept %d characters", i, keep)
		}
		want := "\n[… " + itoa(len(orig)-keep) + " characters cut to fit the model's context window; the full text is in the session file]"
		if got[keep:] != want {
			t.Errorf("message %d note %q, want %q", i, got[keep:], want)
		}
	}
}

func itoa(n int) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
		if n == 0 {
			return string(b)
		}
	}
}

// TestClipMiddle: the start and the end of a text are kept, n bytes in
// all, on rune boundaries, with a note counting what was cut between.
func TestClipMiddle(t *testing.T) {
	s := strings.Repeat("h", 300) + strings.Repeat("m", 400) + strings.Repeat("t", 300)
	got := clipMiddle(s, 300)
	if !strings.HasPrefix(got, strings.Repeat("h", 100)+"\n\n[… 700 characters") || !strings.HasSuffix(got, "]\n\n"+strings.Repeat("t", 200)) {
		t.Errorf("clipMiddle = %q", got)
	}
	// Multi-byte runes are never split.
	u := strings.Repeat("é", 500) // 1000 bytes
	got = clipMiddle(u, 301)
	if !utf8.ValidString(got) {
		t.Fatalf("clipMiddle split a rune: %q", got)
	}
	head := got[:strings.Index(got, "\n\n[…")]
	tail := got[strings.LastIndex(got, "]\n\n")+3:]
	if len(head) != 100 || len(tail) != 200 {
		t.Errorf("head %d bytes, tail %d bytes", len(head), len(tail))
	}
	if !strings.Contains(got, "[… 700 characters") {
		t.Errorf("the note miscounts: %q", got[len(head):len(got)-len(tail)])
	}
}

// TestSummaryTranscriptCutsToolResults: only tool results longer than
// the bound are cut, each marked; the messages given are not changed.
func TestSummaryTranscriptCutsToolResults(t *testing.T) {
	longResult := strings.Repeat("r", 50)
	msgs := []conv.Message{
		{Role: conv.User, Blocks: []conv.Block{conv.TextBlock(strings.Repeat("u", 50))}},
		{Role: conv.Tool, ToolCallID: "c", ToolName: "read", Blocks: []conv.Block{conv.TextBlock(longResult)}},
		{Role: conv.Tool, ToolCallID: "d", ToolName: "read", Blocks: []conv.Block{conv.TextBlock(strings.Repeat("q", 10))}},
	}
	got := summaryTranscript(msgs, 10)
	if !strings.Contains(got, strings.Repeat("u", 50)) {
		t.Errorf("a user message was cut: %q", got)
	}
	if !strings.Contains(got, strings.Repeat("r", 10)+"\n[… cut for the summary]") || strings.Contains(got, strings.Repeat("r", 11)) {
		t.Errorf("the long result was not cut to 10: %q", got)
	}
	if !strings.Contains(got, strings.Repeat("q", 10)) || strings.Count(got, "cut for the summary") != 1 {
		t.Errorf("a result of exactly the bound was cut: %q", got)
	}
	if msgs[1].Blocks[0].Text != longResult {
		t.Error("the caller's message was changed")
	}
}

// TestSmallHelpers covers the turn's small pure helpers.
func TestSmallHelpers(t *testing.T) {
	t.Run("truncateRunes", func(t *testing.T) {
		s := strings.Repeat("é", 200)
		if got := truncateRunes(s, 200); got != s {
			t.Errorf("200 runes cut: %q", got)
		}
		if got := truncateRunes(s+"x", 200); got != s+"…" {
			t.Errorf("201 runes: %q", got)
		}
	})
	t.Run("sendable", func(t *testing.T) {
		ms := []conv.Message{
			{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("q")}},
			{Role: conv.Assistant, StopReason: conv.StopError, Error: "boom"},
			{Role: conv.User},
			{Role: conv.Assistant, Blocks: []conv.Block{conv.TextBlock("a")}},
		}
		got := sendable(ms)
		if len(got) != 3 || got[1].Role != conv.User || got[2].Text() != "a" {
			t.Errorf("sendable = %+v", got)
		}
		if len(ms) != 4 || ms[1].Error != "boom" {
			t.Error("sendable changed its input")
		}
	})
	t.Run("retryReason", func(t *testing.T) {
		for _, c := range []struct {
			pe   *provider.Error
			want string
		}{
			{nil, "an error"},
			{&provider.Error{Kind: provider.RateLimit, Status: 429}, "HTTP 429"},
			{&provider.Error{Kind: provider.RateLimit}, "rate limit"},
			{&provider.Error{Kind: provider.Overloaded}, "overloaded"},
		} {
			if got := retryReason(c.pe); got != c.want {
				t.Errorf("retryReason(%+v) = %q, want %q", c.pe, got, c.want)
			}
		}
	})
	t.Run("replaceText", func(t *testing.T) {
		img := conv.Block{Type: conv.Image, MediaType: "image/png", Data: "AAAA"}
		got := replaceText([]conv.Block{conv.TextBlock("a"), img, conv.TextBlock("b")}, "new")
		if len(got) != 2 || got[0].Text != "new" || got[1].Type != conv.Image || got[1].Data != "AAAA" {
			t.Errorf("replaceText = %+v", got)
		}
	})
	t.Run("indexOfID", func(t *testing.T) {
		ms := []conv.Message{{ID: "a"}, {ID: ""}, {ID: "c"}, {ID: "d"}}
		for _, c := range []struct {
			id   string
			n    int
			want int
		}{{"a", 4, 0}, {"c", 4, 2}, {"d", 3, -1}, {"", 4, -1}, {"zz", 4, -1}, {"d", 9, 3}} {
			if got := indexOfID(ms, c.id, c.n); got != c.want {
				t.Errorf("indexOfID(%q, %d) = %d, want %d", c.id, c.n, got, c.want)
			}
		}
	})
	t.Run("listOrNone", func(t *testing.T) {
		if listOrNone(nil) != "none" || listOrNone([]string{"a", "b"}) != "a, b" {
			t.Error("listOrNone")
		}
	})
	t.Run("contains", func(t *testing.T) {
		if !contains([]string{"a", "b"}, "b") || contains([]string{"a"}, "b") || contains(nil, "") {
			t.Error("contains")
		}
	})
	t.Run("compactFailed", func(t *testing.T) {
		a := &Agent{}
		e1, e2 := errString("one"), errString("two")
		if !a.compactFailed(e1) || a.compactFailed(e1) || !a.compactFailed(e2) || !a.compactFailed(e1) {
			t.Error("a reason must be new once, and again after another")
		}
	})
}

type errString string

func (e errString) Error() string { return string(e) }
