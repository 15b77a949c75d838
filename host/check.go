package host

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"panto/diag"
	"panto/extension/discover"
)

// CheckBudget is the default budget of a check host: VM ticks (calls and
// backward jumps) per slice of Lua (an evaluation, an activation), so
// one endless loop fails its file and the others are still checked. It
// is far more than any activation needs, and a tight endless loop
// exhausts it in well under a second.
const CheckBudget = 100_000_000

// CheckTimeout bounds each evaluation and activation of a check host in
// time as well, for what VM ticks do not count: a file that waits on a
// timer or a read that never ends.
const CheckTimeout = 10 * time.Second

// checkTimeout is CheckTimeout; tests shorten it.
var checkTimeout = CheckTimeout

// Check evaluates and activates a setup the way a session would, in a
// sandboxed host of its own with no session (session_info() answers nil,
// no event fires, no process runs and no file is written: see
// sandbox.go), and returns what failed as error diagnostics: a source that
// does not evaluate or returns another shape, an activation that raises,
// a declaration register_tool refuses (a missing field, an invalid JSON
// schema), a duplicate name, a require that cannot resolve. Each has the
// file and, when Lua gave one, the line. A call the sandbox refused is a
// warning at its line. Configuration problems are left to discovery's
// own reports. budget 0 means CheckBudget.
func Check(ctx context.Context, setup *discover.Setup, budget int64) diag.List {
	if budget == 0 {
		budget = CheckBudget
	}
	var out diag.List
	h, err := New(ctx, Options{
		Setup: setup, Budget: budget, Stdout: io.Discard, Stderr: io.Discard,
		Sandbox: true, CallTimeout: checkTimeout, TimeoutName: "the check's limit of",
		Report: func(p Problem) {
			if p.Stage != StageEvaluate && p.Stage != StageActivate {
				return
			}
			d := p.Diagnostic
			d.Severity = diag.Error
			if strings.Contains(d.Message, refusedMark) {
				// The check refused what the file does; whether the
				// rest of it loads is known only in a session.
				d.Severity = diag.Warning
				d.Message += "; the check stopped there, and the rest of this " + string(p.Stage) + " is unchecked"
			}
			if strings.Contains(d.Message, "instruction budget exhausted") {
				d.Message += fmt.Sprintf(" (the check gives each evaluation and activation %d VM ticks: an endless loop?)", budget)
			}
			if p.Subject != "" {
				d.Message += " (" + p.Subject + ")"
			}
			out.Add(d)
		},
	})
	if err != nil {
		out.Add(diag.Diagnostic{Message: err.Error(), Severity: diag.Error})
		return out
	}
	h.Close()
	out.Sort()
	return out
}
