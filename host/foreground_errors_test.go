package host

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// failingTerminal is a terminal whose Suspend or Resume fails.
type failingTerminal struct {
	suspendErr, resumeErr error
	events                []string
}

func (f *failingTerminal) Suspend() error {
	f.events = append(f.events, "suspend")
	return f.suspendErr
}

func (f *failingTerminal) Resume() error {
	f.events = append(f.events, "resume")
	return f.resumeErr
}

// TestRunForegroundFailures: a program that cannot be started, a
// terminal that cannot be handed over and one that cannot be taken back
// each raise an error naming what failed, never a result table that
// would read as an ordinary unsuccessful run; and the terminal given up
// for a program that never started is taken back.
func TestRunForegroundFailures(t *testing.T) {
	files := map[string]string{"extensions/fg.lua": `
local panto = require("panto")
return { name = "fg", activate = function()
  panto.ext.register_command { name = "fg", description = "d", handler = function(args)
    local r = panto.ext.run_foreground { argv = { args } }
    return "returned success=" .. tostring(r.success)
  end }
end }`}
	missing := filepath.Join(t.TempDir(), "no-such-program")
	for _, c := range []struct {
		name       string
		term       *failingTerminal
		program    string
		want       string
		wantEvents string
	}{
		{"program missing", &failingTerminal{}, missing,
			"run_foreground: cannot run " + missing + ": ", "suspend,resume"},
		{"suspend fails", &failingTerminal{suspendErr: errors.New("no tty")}, "true",
			"run_foreground: cannot restore the terminal: no tty", "suspend"},
		{"resume fails", &failingTerminal{resumeErr: errors.New("tty gone")}, "true",
			"run_foreground: cannot take the terminal back: tty gone", "suspend,resume"},
	} {
		t.Run(c.name, func(t *testing.T) {
			th := hostWith(t, files, func(o *Options) { o.Terminal = c.term })
			th.expectNoProblems(t)
			out, err := th.RunCommand(context.Background(), "/fg "+c.program)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got output %q, error %v; want an error containing %q", out, err, c.want)
			}
			if got := strings.Join(c.term.events, ","); got != c.wantEvents {
				t.Errorf("terminal events %s, want %s", got, c.wantEvents)
			}
		})
	}
}
