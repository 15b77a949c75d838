package hooks

import (
	"fmt"
	"strings"
)

// Outcome is what the hooks of one event said together.
type Outcome struct {
	Event   string
	Results []Result
	// Block: a hook exited 2, or answered decision "block" (or, for
	// PreToolUse, permissionDecision "deny"). Reason is what the model
	// reads (for UserPromptSubmit, the user).
	Block  bool
	Reason string
	// Permission is PreToolUse's decision: "allow", "ask", "deny" or ""
	// (no hook decided); the strictest answer wins. PermissionReason
	// says why.
	Permission, PermissionReason string
	// Context is text to add to the conversation: additionalContext,
	// and for UserPromptSubmit and SessionStart a hook's plain stdout.
	Context []string
	// Stop: a hook answered continue false; StopReason is shown to the
	// user.
	Stop       bool
	StopReason string
	// Messages are for the user: systemMessage, and the hooks that
	// failed, timed out or answered JSON panto cannot read.
	Messages []string
	// UpdatedInput is a PreToolUse hook's replacement input (Claude
	// Code's field names), when one gave it.
	UpdatedInput map[string]any
}

// Ran reports whether any hook ran.
func (o Outcome) Ran() bool { return len(o.Results) > 0 }

// strictness orders permission answers: a stricter one wins.
var strictness = map[string]int{"": 0, "allow": 1, "ask": 2, "deny": 3}

// stdoutIsContext: for these events a hook's plain stdout is added to
// the conversation, as Claude Code does.
var stdoutIsContext = map[string]bool{"UserPromptSubmit": true, "SessionStart": true}

func combine(event string, results []Result) Outcome {
	o := Outcome{Event: event, Results: results}
	var reasons []string
	for _, r := range results {
		name := r.Hook.Command
		switch {
		case r.Err != nil:
			o.Messages = append(o.Messages, fmt.Sprintf("%s hook %q %v", event, short(name), r.Err))
		case r.ExitCode == 2:
			o.Block = true
			why := strings.TrimSpace(r.Stderr)
			if why == "" {
				why = fmt.Sprintf("blocked by the %s hook %q (exit 2, no message)", event, short(name))
			}
			reasons = append(reasons, why)
			if event == "PreToolUse" {
				o.permit("deny", why)
			}
		case r.ExitCode != 0:
			msg := fmt.Sprintf("%s hook %q failed (exit %d)", event, short(name), r.ExitCode)
			if e := strings.TrimSpace(r.Stderr); e != "" {
				msg += ": " + firstLine(e)
			}
			o.Messages = append(o.Messages, msg)
		case r.BadJSON != "":
			o.Messages = append(o.Messages, fmt.Sprintf("%s hook %q: %s", event, short(name), r.BadJSON))
		case r.Output != nil:
			reasons = o.apply(r.Output, reasons)
		case stdoutIsContext[event]:
			if s := strings.TrimSpace(r.Stdout); s != "" {
				o.Context = append(o.Context, s)
			}
		}
	}
	o.Reason = strings.Join(reasons, "\n")
	return o
}

// apply takes one hook's JSON answer into the outcome.
func (o *Outcome) apply(out *Output, reasons []string) []string {
	if out.Continue != nil && !*out.Continue {
		o.Stop = true
		if out.StopReason != "" {
			o.StopReason = out.StopReason
		}
	}
	if out.SystemMessage != "" {
		o.Messages = append(o.Messages, out.SystemMessage)
	}
	switch out.Decision {
	case "block":
		o.Block = true
		why := out.Reason
		if why == "" {
			why = "blocked by a " + o.Event + " hook"
		}
		reasons = append(reasons, why)
		if o.Event == "PreToolUse" {
			o.permit("deny", why)
		}
	case "approve":
		if o.Event == "PreToolUse" {
			o.permit("allow", out.Reason)
		}
	}
	if sp := out.Specific; sp != nil {
		if sp.AdditionalContext != "" {
			o.Context = append(o.Context, sp.AdditionalContext)
		}
		if o.Event == "PreToolUse" {
			switch d := sp.PermissionDecision; d {
			case "allow", "ask", "deny":
				o.permit(d, sp.PermissionDecisionReason)
				if d == "deny" {
					o.Block = true
					why := sp.PermissionDecisionReason
					if why == "" {
						why = "denied by a PreToolUse hook"
					}
					reasons = append(reasons, why)
				}
			case "":
			default:
				o.Messages = append(o.Messages, fmt.Sprintf("PreToolUse hook: unknown permissionDecision %q (allow, ask or deny)", d))
			}
			if sp.UpdatedInput != nil {
				o.UpdatedInput = sp.UpdatedInput
			}
		}
	}
	return reasons
}

// permit records a permission answer when it is at least as strict as
// the one so far.
func (o *Outcome) permit(d, why string) {
	if strictness[d] < strictness[o.Permission] {
		return
	}
	if strictness[d] > strictness[o.Permission] {
		o.PermissionReason = ""
	}
	o.Permission = d
	if why != "" {
		if o.PermissionReason != "" {
			o.PermissionReason += "; "
		}
		o.PermissionReason += why
	}
}

// short is a command cut for messages.
func short(s string) string {
	s = firstLine(s)
	if r := []rune(s); len(r) > 60 {
		return string(r[:59]) + "…"
	}
	return s
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
