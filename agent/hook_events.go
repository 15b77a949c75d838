package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"panto/agent/conv"
	"panto/agent/hooks"
	"panto/agent/store"
	"panto/host"
	"panto/permission"
)

// This file fires the configuration's hooks (package hooks,
// docs/hooks.md) where Claude Code fires them: SessionStart when the
// session opens, UserPromptSubmit before a prompt is kept, PreToolUse as
// a voter of the permission decision, PostToolUse after a call
// succeeded, Stop when the model is about to end its turn, SessionEnd
// when the session closes. Only the session agent's turns fire them:
// owned agents and jobs are an extension's own machinery.

// setupHooks reads the merged configuration's hooks (an untrusted
// project's were taken out before: trust.Restrict) and gives the
// permission policy the PreToolUse voter.
func (s *Session) setupHooks() {
	cfg := s.host.Config()
	if cfg == nil || len(cfg.Hooks) == 0 {
		return
	}
	s.hooks = hooks.New(cfg.Hooks, s.cwd)
	if pol := s.opts.Permissions; pol != nil && s.hooks.Has("PreToolUse") {
		pol.AddVoter(permission.VoterFunc(s.preToolUseVote))
	}
}

// hookInput is what every hook receives: the session, its file, the
// project folder and the permission mode, in Claude Code's names.
func (s *Session) hookInput() map[string]any {
	in := map[string]any{"session_id": s.ID(), "cwd": s.cwd, "transcript_path": s.transcriptPath()}
	if pol := s.opts.Permissions; pol != nil {
		in["permission_mode"] = claudeMode(pol.Mode())
	}
	return in
}

// transcriptPath is the session file ("" without one).
func (s *Session) transcriptPath() string {
	s.agent.mu.Lock()
	defer s.agent.mu.Unlock()
	if p, ok := s.agent.rec.(interface{ Path() string }); ok {
		return p.Path()
	}
	return ""
}

// claudeMode names a permission mode as Claude Code does.
func claudeMode(m permission.Mode) string {
	switch m {
	case permission.AcceptEdits:
		return "acceptEdits"
	case permission.Yolo:
		return "bypassPermissions"
	}
	return string(m)
}

// reportHooks tells observers what the hooks of one event did: a "hook"
// event per hook (--mode json), a panto_hook entry in the session file,
// and a notice (the terminal UI, headless stderr) for a hook that
// blocked, failed, timed out or has a message for the user. onOwner:
// the caller runs on the owner already.
func (s *Session) reportHooks(ctx context.Context, o hooks.Outcome, tool, callID string, onOwner bool) {
	if !o.Ran() {
		return
	}
	var evs []Event
	for _, r := range o.Results {
		f := map[string]any{"hook_event_name": o.Event, "command": r.Hook.Command, "source": r.Hook.Source,
			"exit_code": r.ExitCode, "duration_ms": r.Duration.Milliseconds(), "timed_out": r.TimedOut}
		if r.Hook.Matcher != "" {
			f["matcher"] = r.Hook.Matcher
		}
		if tool != "" {
			f["tool_name"], f["id"] = tool, callID
		}
		if r.Err != nil {
			f["error"] = r.Err.Error()
		}
		if r.Stderr != "" {
			f["stderr"] = truncateRunes(r.Stderr, 2000)
		}
		if r.Stdout != "" && (r.Output == nil || !r.Output.SuppressOutput) {
			f["stdout"] = truncateRunes(r.Stdout, 2000)
		}
		if d := decisionOf(o.Event, r); d != "" {
			f["decision"] = d
		}
		evs = append(evs, Event{Type: "hook", Fields: f})
	}
	var notes []string
	switch {
	case o.Block:
		what := map[string]string{"PreToolUse": "blocked " + tool, "PostToolUse": "gave feedback on " + tool,
			"UserPromptSubmit": "blocked the prompt", "Stop": "kept the turn going"}[o.Event]
		if what == "" {
			what = "blocked"
		}
		notes = append(notes, fmt.Sprintf("%s hook %s: %s", o.Event, what, firstLine(o.Reason)))
	case o.Permission == "allow" || o.Permission == "ask":
		notes = append(notes, fmt.Sprintf("PreToolUse hook: %s %s", o.Permission, tool))
	}
	if o.Stop {
		why := o.StopReason
		if why == "" {
			why = "no reason given"
		}
		notes = append(notes, fmt.Sprintf("%s hook stopped the turn: %s", o.Event, why))
	}
	notes = append(notes, o.Messages...)
	if o.UpdatedInput != nil && !o.Block && o.Permission != "deny" {
		notes = append(notes, fmt.Sprintf("PreToolUse hook changed the input of %s", tool))
	}
	emit := func() {
		for _, e := range evs {
			s.emit(e)
			if meta, err := json.Marshal(e.Fields); err == nil {
				s.agent.mu.Lock()
				if s.agent.rec != nil {
					s.agent.rec.Append(&store.Entry{Type: store.TypePantoHook, TargetID: callID, Metadata: meta})
				}
				s.agent.mu.Unlock()
			}
		}
		for _, n := range notes {
			s.emit(Event{Type: "notice", Fields: map[string]any{"kind": "hook", "message": n}})
		}
	}
	if onOwner {
		emit()
	} else {
		s.owner.do(context.WithoutCancel(ctx), emit)
	}
}

// decisionOf is what one hook decided, for its event.
func decisionOf(event string, r hooks.Result) string {
	if r.ExitCode == 2 && r.Err == nil {
		if event == "PreToolUse" {
			return "deny"
		}
		return "block"
	}
	o := r.Output
	if o == nil {
		return ""
	}
	if o.Specific != nil && o.Specific.PermissionDecision != "" {
		return o.Specific.PermissionDecision
	}
	return o.Decision
}

// preToolUseVote runs the PreToolUse hooks of a call as the permission
// policy's voter: a hook's deny (exit 2 included) and ask are binding
// votes, which no allow rule loosens; its allow loosens only what the
// mode would ask, never a deny or ask rule (as in Claude Code).
func (s *Session) preToolUseVote(ctx context.Context, c permission.Call, so permission.Verdict) (permission.Vote, bool) {
	var in map[string]any
	json.Unmarshal([]byte(c.Input), &in)
	input := s.hookInput()
	input["tool_name"] = hooks.ClaudeName(c.Tool)
	input["tool_input"] = hooks.ClaudeInput(c.Tool, in, s.cwd)
	input["tool_use_id"] = c.ID
	o := s.hooks.Run(ctx, "PreToolUse", hooks.Targets(c.Tool), input)
	s.reportHooks(ctx, o, c.Tool, c.ID, false)
	if o.UpdatedInput != nil && !o.Block && o.Permission != "deny" {
		s.updatedInputs.Store(c.ID, hooks.PantoInput(c.Tool, o.UpdatedInput))
	}
	switch {
	case o.Permission == "deny" || o.Block:
		return permission.Vote{Decision: permission.Deny, Reason: "a PreToolUse hook blocked this call: " + o.Reason, By: "hook"}, true
	case o.Stop:
		why := o.StopReason
		if why == "" {
			why = "continue is false"
		}
		return permission.Vote{Decision: permission.Deny, Reason: "a PreToolUse hook stopped: " + why, By: "hook"}, true
	case o.Permission == "ask":
		why := o.PermissionReason
		if why == "" {
			why = "a PreToolUse hook asks before this call"
		}
		return permission.Vote{Decision: permission.Ask, Reason: why, By: "hook"}, true
	case o.Permission == "allow":
		why := o.PermissionReason
		if why == "" {
			why = "allowed by a PreToolUse hook"
		}
		return permission.Vote{Decision: permission.Allow, Reason: why, By: "hook"}, true
	}
	return permission.Vote{}, false
}

// takeUpdatedInput is the input a PreToolUse hook gave call id, merged
// over the model's (its fields replace the model's), as JSON.
func (s *Session) takeUpdatedInput(id, input string) (string, bool) {
	v, ok := s.updatedInputs.LoadAndDelete(id)
	if !ok {
		return "", false
	}
	var in map[string]any
	if json.Unmarshal([]byte(input), &in) != nil || in == nil {
		in = map[string]any{}
	}
	for k, x := range v.(map[string]any) {
		in[k] = x
	}
	out, err := json.Marshal(in)
	if err != nil {
		return "", false
	}
	return string(out), true
}

// applyUpdatedInput gives a call the input a PreToolUse hook rewrote
// and judges it again (hooks included, whose second rewrite is not
// applied): a rewrite must not carry a call past a rule that would
// stop the new input. It returns the new verdict and call.
func (t *turn) applyUpdatedInput(pol *permission.Policy, tool *host.Tool, c *pendingCall, call permission.Call, v permission.Verdict) (permission.Verdict, permission.Call) {
	text, ok := t.s.takeUpdatedInput(c.id, c.input)
	if !ok || v.Decision == permission.Deny || c.tc == nil {
		return v, call
	}
	var err error
	t.s.owner.do(t.ctx, func() { err = c.tc.ReplaceInput(text) })
	if err != nil {
		c.denied = "a PreToolUse hook gave an input that is not valid: " + err.Error()
		return permission.Verdict{Decision: permission.Deny, Reason: c.denied, By: "hook"}, call
	}
	c.input = text
	call = callOf(tool, c)
	if pol == nil {
		return v, call
	}
	v = pol.Decide(t.ctx, call)
	t.s.updatedInputs.Delete(c.id)
	return v, call
}

// postToolUse runs the PostToolUse hooks of a call that succeeded and
// returns what the model should read after the result ("" nothing). A
// hook's continue false ends the turn after this round of calls.
func (t *turn) postToolUse(c *pendingCall, output string) string {
	s := t.s
	var in map[string]any
	json.Unmarshal([]byte(c.input), &in)
	claudeIn := hooks.ClaudeInput(c.name, in, s.cwd)
	resp := map[string]any{"output": output, "success": true}
	switch c.name {
	case "shell":
		resp["stdout"], resp["stderr"], resp["interrupted"] = output, "", false
	case "edit", "write", "read":
		resp["filePath"] = claudeIn["file_path"]
	}
	input := s.hookInput()
	input["tool_name"] = hooks.ClaudeName(c.name)
	input["tool_input"] = claudeIn
	input["tool_response"] = resp
	input["tool_use_id"] = c.id
	o := s.hooks.Run(t.ctx, "PostToolUse", hooks.Targets(c.name), input)
	s.reportHooks(t.ctx, o, c.name, c.id, false)
	if o.Stop {
		t.hookStop = true
	}
	var parts []string
	if o.Block && o.Reason != "" {
		parts = append(parts, "PostToolUse hook feedback: "+o.Reason)
	}
	for _, ctx := range o.Context {
		parts = append(parts, "PostToolUse hook context: "+ctx)
	}
	return strings.Join(parts, "\n")
}

// errPromptBlocked ends a turn whose prompt a UserPromptSubmit hook
// blocked: the prompt is not kept and no request is sent.
type errPromptBlocked struct{ reason string }

func (e *errPromptBlocked) Error() string {
	return "a UserPromptSubmit hook blocked the prompt: " + e.reason
}

// userPromptSubmit runs the UserPromptSubmit hooks of a prompt and
// returns the context to add to it, or an *errPromptBlocked.
func (t *turn) userPromptSubmit(prompt string) ([]string, error) {
	s := t.s
	input := s.hookInput()
	input["prompt"] = prompt
	o := s.hooks.Run(t.ctx, "UserPromptSubmit", nil, input)
	s.reportHooks(t.ctx, o, "", "", false)
	if o.Block || o.Stop {
		why := o.Reason
		if why == "" {
			why = o.StopReason
		}
		return nil, &errPromptBlocked{reason: why}
	}
	return o.Context, nil
}

// hookContext is text from hooks added to a user message.
func hookContext(event string, parts []string) conv.Block {
	return conv.TextBlock(fmt.Sprintf("<%s-hook>\n%s\n</%s-hook>", event, strings.Join(parts, "\n"), event))
}

// stopHook runs the Stop hooks when the model ends its turn; a hook
// that blocks keeps the turn going with its reason as the next user
// message (once per stop: stop_hook_active tells the hook it already
// did, so a script can let the model stop the second time).
func (t *turn) stopHook() bool {
	s := t.s
	if !t.ev.hostEvents() || !s.hooks.Has("Stop") || t.ctx.Err() != nil {
		return false
	}
	input := s.hookInput()
	input["stop_hook_active"] = t.stopHookActive
	o := s.hooks.Run(t.ctx, "Stop", nil, input)
	s.reportHooks(t.ctx, o, "", "", false)
	if !o.Block || o.Stop {
		return false
	}
	t.stopHookActive = true
	msg := conv.Message{Role: conv.User, Blocks: []conv.Block{hookContext("stop", []string{o.Reason})}}
	if _, err := t.a.appendMessage(msg); err != nil {
		return false
	}
	return true
}

// sessionStart runs the SessionStart hooks (source "startup" or
// "resume"); what they add is put before the session's next prompt.
func (s *Session) sessionStart(ctx context.Context, source string) {
	if !s.hooks.Has("SessionStart") {
		return
	}
	input := s.hookInput()
	input["source"] = source
	o := s.hooks.Run(ctx, "SessionStart", []string{source}, input)
	s.reportHooks(ctx, o, "", "", true)
	s.mu.Lock()
	s.startContext = append(s.startContext, o.Context...)
	s.mu.Unlock()
}

// takeStartContext is the SessionStart context not yet given to the
// model.
func (s *Session) takeStartContext() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.startContext
	s.startContext = nil
	return c
}

// sessionEnd runs the SessionEnd hooks as the session closes.
func (s *Session) sessionEnd(reason string) {
	if !s.hooks.Has("SessionEnd") {
		return
	}
	input := s.hookInput()
	input["reason"] = reason
	ctx := context.Background()
	o := s.hooks.Run(ctx, "SessionEnd", nil, input)
	s.reportHooks(ctx, o, "", "", true)
}
