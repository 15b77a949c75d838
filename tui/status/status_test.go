package status

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"panto/tui/termtext"
	"panto/tui/theme"
)

var sgr = regexp.MustCompile(`\x1b\[[0-9;]*m`)

func plain(rows []string) string {
	var out []string
	for _, r := range rows {
		out = append(out, strings.TrimRight(sgr.ReplaceAllString(r, ""), " "))
	}
	return strings.Join(out, "\n")
}

func TestElapsed(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "0s", 999 * time.Millisecond: "0s", 42 * time.Second: "42s",
		3*time.Minute + 5*time.Second: "3m 05s", time.Hour + 2*time.Minute + 9*time.Second: "1h 02m",
		-time.Second: "0s",
	} {
		if got := Elapsed(d); got != want {
			t.Errorf("Elapsed(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestTokens(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1k", 1234: "1.2k", 12_345: "12k", 999_999: "999k", 1_250_000: "1.2M", 42_000_000: "42M"} {
		if got := Tokens(n); got != want {
			t.Errorf("Tokens(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestSpinnerAdvancesWithTime(t *testing.T) {
	if Spinner(0) != SpinnerFrames[0] || Spinner(FrameInterval) != SpinnerFrames[1] ||
		Spinner(FrameInterval*time.Duration(len(SpinnerFrames))) != SpinnerFrames[0] {
		t.Error("spinner frames do not follow the elapsed time")
	}
}

func TestActivityRows(t *testing.T) {
	th := theme.NewRegistry().Active("")
	rows := ActivityRows(Activity{Label: "Running shell", Elapsed: 12*time.Second + 100*time.Millisecond, Hint: "esc to cancel"}, th, 60)
	if got := plain(rows); got != Spinner(12100*time.Millisecond)+" Running shell · 12s · esc to cancel" {
		t.Errorf("got %q", got)
	}
	if termtext.Width(rows[0]) != 60 {
		t.Errorf("row is %d wide", termtext.Width(rows[0]))
	}
	if ActivityRows(Activity{}, th, 60) != nil {
		t.Error("an idle activity line has rows")
	}
}

func TestFooterRows(t *testing.T) {
	f := Footer{Model: "anthropic:sonnet", Reasoning: "high", Input: 12_000, CacheRead: 30_000, Output: 3400,
		Context: 84_000, Window: 200_000, Project: "/home/ann/work/panto", Home: "/home/ann"}
	const facts = "anthropic:sonnet (high) · ↑42k ↓3.4k ⟲30k · 42% ctx"
	for _, c := range []struct {
		width int
		want  string
	}{
		{90, "~/work/panto" + strings.Repeat(" ", 90-12-termtext.Width(facts)) + facts},
		{60, "…/panto  anthropic:sonnet (high) · ↑42k ↓3.4k ⟲30k · 42% ctx"},
		{40, termtext.Truncate(facts, 40)}, // no room for the folder: the facts, cut
	} {
		rows := FooterRows(f, nil, c.width)
		if got := plain(rows); got != c.want {
			t.Errorf("width %d:\n got %q\nwant %q", c.width, got, c.want)
		}
		for _, r := range FooterRows(f, theme.NewRegistry().Active(""), c.width) {
			if w := termtext.Width(r); w != c.width {
				t.Errorf("width %d: styled row is %d wide", c.width, w)
			}
		}
	}
}

func TestFooterContextMessages(t *testing.T) {
	for _, c := range []struct {
		name string
		f    Footer
		want string
	}{
		{"context and session counts", Footer{Context: 21_000, Window: 32_768, ContextMessages: 24, Messages: 310}, "24/310 msgs · 21k 64% ctx"},
		{"nothing compacted yet", Footer{Context: 900, Window: 32_768, ContextMessages: 6, Messages: 6}, "6 msgs · 900 2% ctx"},
		{"no window known", Footer{Context: 900, ContextMessages: 6, Messages: 8}, "6/8 msgs"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := plain(FooterRows(c.f, nil, 60)); strings.TrimSpace(got) != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

func TestFooterNoticeAndFill(t *testing.T) {
	th := theme.NewRegistry().Active("")
	rows := FooterRows(Footer{Model: "m", Context: 95, Window: 100, Notice: "2 extensions failed to load\n· /problems"}, th, 50)
	if len(rows) != 2 || !strings.HasPrefix(plain(rows[:1]), "⚠ 2 extensions failed to load · /problems") {
		t.Fatalf("rows = %q", plain(rows))
	}
	if !strings.Contains(rows[1], th.Styles["error"]+"95% ctx") {
		t.Error("a nearly full context is not shown as an error")
	}
	if !strings.Contains(rows[0], th.Styles["warning"]) {
		t.Error("the notice is not in the warning style")
	}
}

// TestFooterMode: the footer states the permission mode, yolo in the
// error style (red in the default theme), since it asks about nothing.
func TestFooterMode(t *testing.T) {
	th := theme.NewRegistry().Active("")
	for _, c := range []struct{ mode, role string }{{"default", "muted"}, {"accept-edits", "accent"}, {"plan", "accent"}, {"yolo", "error"}} {
		rows := FooterRows(Footer{Model: "p:m", Mode: c.mode}, th, 80)
		if !strings.Contains(plain(rows), c.mode+" mode") {
			t.Errorf("%s: footer %q", c.mode, plain(rows))
		}
		if want := th.Styles[c.role] + c.mode + " mode"; !strings.Contains(strings.Join(rows, ""), want) {
			t.Errorf("%s: not in the %s style: %q", c.mode, c.role, rows)
		}
	}
	if rows := FooterRows(Footer{Model: "p:m"}, th, 80); strings.Contains(plain(rows), "mode") {
		t.Errorf("a session without a policy shows a mode: %q", plain(rows))
	}
}
