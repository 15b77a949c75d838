// Package status draws the rows below the editor: the activity line (a
// spinner with what is running and for how long) and the footer (model
// and reasoning, token usage, context fill, project folder, and a notice
// such as extension problems). Both are pure functions of their inputs
// and the width: the caller passes the elapsed time, so that frames are
// reproducible in tests and the spinner advances only when the UI
// repaints.
package status

import (
	"strconv"
	"strings"
	"time"

	"panto/tui/render"
	"panto/tui/termtext"
	"panto/tui/theme"
)

// SpinnerFrames are the frames of the activity spinner.
var SpinnerFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// FrameInterval is how long each spinner frame shows; a UI that wants a
// moving spinner repaints at this rate while something runs.
const FrameInterval = 80 * time.Millisecond

// Spinner returns the spinner frame for an elapsed time.
func Spinner(elapsed time.Duration) string {
	if elapsed < 0 {
		elapsed = 0
	}
	return SpinnerFrames[int(elapsed/FrameInterval)%len(SpinnerFrames)]
}

// Elapsed formats a duration the way the activity line shows it: "0s",
// "42s", "3m 05s", "1h 02m".
func Elapsed(d time.Duration) string {
	s := int(d / time.Second)
	switch {
	case s < 60:
		return strconv.Itoa(max(s, 0)) + "s"
	case s < 3600:
		return strconv.Itoa(s/60) + "m " + pad2(s%60) + "s"
	}
	return strconv.Itoa(s/3600) + "h " + pad2(s/60%60) + "m"
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// Activity is what the activity line shows.
type Activity struct {
	// Label says what runs ("Thinking", "Running shell").
	Label string
	// Elapsed is how long it has run.
	Elapsed time.Duration
	// Hint is shown muted after the time ("esc to cancel").
	Hint string
}

// ActivityRows renders the activity line: "⠹ Running shell · 12s · esc to
// cancel". An empty label gives no rows (nothing runs).
func ActivityRows(a Activity, t *theme.Theme, width int) []string {
	if a.Label == "" || width < 1 {
		return nil
	}
	line := paint(t, "accent", Spinner(a.Elapsed)) + " " + a.Label + paint(t, "muted", " · "+Elapsed(a.Elapsed))
	if a.Hint != "" {
		line += paint(t, "muted", " · "+a.Hint)
	}
	return render.Rows([]string{termtext.Truncate(line, width)}, width)
}

// Footer is what the footer shows.
type Footer struct {
	Model     string // "anthropic:sonnet"
	Reasoning string // the reasoning label, "" for none
	// Tokens used by the session so far.
	Input, Output, CacheRead, CacheWrite int
	// Cost is the session's cost as text ("$0.042", "≥$0.042" when some
	// responses had no price); "" when none was priced.
	Cost string
	// Context is the tokens of the last request and Window the model's
	// context window; the fill is shown when both are known.
	Context, Window int
	// ContextMessages is how many messages the next request carries and
	// Messages how many the session's branch has (compacted ones
	// included); shown as "24/310 msgs" when known.
	ContextMessages, Messages int
	// Project is the project folder, shown with the home folder as "~".
	Project string
	Home    string
	// Notice is a line above the footer's facts, shown in the warning
	// style ("2 extensions failed to load · /problems").
	Notice string
	// Mode is the permission mode ("" when the session has none): always
	// shown, yolo in the error style, since it asks about nothing.
	Mode string
}

// FooterRows renders the footer: the project folder on the left, the
// model and the numbers on the right; when both do not fit, the folder is
// shortened from the left ("…/work/panto") and then dropped, and the
// right side is cut last.
func FooterRows(f Footer, t *theme.Theme, width int) []string {
	if width < 1 {
		return nil
	}
	var rows []string
	if f.Notice != "" {
		rows = append(rows, render.Rows([]string{termtext.Truncate(paint(t, "warning", "⚠ "+oneLine(f.Notice)), width)}, width)...)
	}
	right := footerFacts(f, t)
	rw := termtext.Width(right)
	left := shortenPath(displayPath(f.Project, f.Home), width-rw-2)
	var line string
	switch {
	case left == "":
		line = termtext.Truncate(right, width)
	default:
		gap := width - termtext.Width(left) - rw
		line = paint(t, "muted", left) + strings.Repeat(" ", max(gap, 1)) + right
	}
	return append(rows, render.Rows([]string{line}, width)...)
}

// footerFacts is the right side: "model (reasoning) · ↑12k ↓3.4k · 42%".
func footerFacts(f Footer, t *theme.Theme) string {
	var parts []string
	if f.Mode != "" {
		role := "muted"
		switch f.Mode {
		case "yolo":
			role = "error"
		case "accept-edits", "plan":
			role = "accent"
		}
		parts = append(parts, paint(t, role, f.Mode+" mode"))
	}
	if f.Model != "" {
		m := f.Model
		if f.Reasoning != "" {
			m += " (" + f.Reasoning + ")"
		}
		parts = append(parts, m)
	}
	if f.Input+f.Output+f.CacheRead+f.CacheWrite > 0 {
		tok := "↑" + Tokens(f.Input+f.CacheRead+f.CacheWrite) + " ↓" + Tokens(f.Output)
		if f.CacheRead > 0 {
			tok += " ⟲" + Tokens(f.CacheRead)
		}
		parts = append(parts, tok)
	}
	if f.Cost != "" {
		parts = append(parts, f.Cost)
	}
	if f.ContextMessages > 0 {
		msgs := strconv.Itoa(f.ContextMessages)
		if f.Messages > f.ContextMessages {
			msgs += "/" + strconv.Itoa(f.Messages)
		}
		parts = append(parts, paint(t, "muted", msgs+" msgs"))
	}
	if f.Window > 0 && f.Context > 0 {
		pct := f.Context * 100 / f.Window
		label := strconv.Itoa(pct) + "% ctx"
		if f.ContextMessages > 0 {
			label = Tokens(f.Context) + " " + label
		}
		role := "muted"
		switch {
		case pct >= 90:
			role = "error"
		case pct >= 70:
			role = "warning"
		}
		parts = append(parts, paint(t, role, label))
	}
	return strings.Join(parts, paint(t, "muted", " · "))
}

// Tokens formats a token count: 999, 1.2k, 12k, 1.2M.
func Tokens(n int) string {
	switch {
	case n < 1000:
		return strconv.Itoa(max(n, 0))
	case n < 10_000:
		return trimZero(strconv.FormatFloat(float64(n)/1000, 'f', 1, 64)) + "k"
	case n < 1_000_000:
		return strconv.Itoa(n/1000) + "k"
	case n < 10_000_000:
		return trimZero(strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64)) + "M"
	}
	return strconv.Itoa(n/1_000_000) + "M"
}

func trimZero(s string) string { return strings.TrimSuffix(s, ".0") }

// displayPath shows a path under home as "~/...".
func displayPath(p, home string) string {
	if home != "" && (p == home || strings.HasPrefix(p, strings.TrimSuffix(home, "/")+"/")) {
		return "~" + p[len(strings.TrimSuffix(home, "/")):]
	}
	return p
}

// shortenPath fits a path into n columns by dropping leading folders
// ("…/work/panto"), then cutting the last one; "" when nothing fits.
func shortenPath(p string, n int) string {
	if p == "" || n < 4 {
		return ""
	}
	if termtext.Width(p) <= n {
		return p
	}
	parts := strings.Split(p, "/")
	for i := 1; i < len(parts); i++ {
		s := "…/" + strings.Join(parts[i:], "/")
		if termtext.Width(s) <= n {
			return s
		}
	}
	return termtext.Truncate(parts[len(parts)-1], n)
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func paint(t *theme.Theme, role, s string) string {
	if t == nil || s == "" {
		return s
	}
	sgr := t.Styles[role]
	if sgr == "" {
		return s
	}
	return sgr + s + termtext.Reset
}
