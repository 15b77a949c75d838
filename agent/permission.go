package agent

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"panto/extension/config"
	"panto/extension/trust"
	"panto/host"
	"panto/permission"
)

// judge runs the permission decision of every call of an assistant
// message, in order, before any of them is dispatched: the policy's
// rules, mode and voters, then the extensions' vote (tool_permission),
// then the user when the verdict asks. A call that may not run gets the
// reason in denied, which becomes its error result: the model reads why,
// and the turn goes on. Without a policy every call runs.
func (t *turn) judge(calls []*pendingCall) {
	pol := t.s.opts.Permissions
	if pol == nil {
		t.hooksOnly(calls)
		return
	}
	for _, c := range calls {
		if c.invalid != "" || t.ctx.Err() != nil {
			continue
		}
		var tool *host.Tool
		t.s.owner.do(t.ctx, func() {
			if t.s.host.State() != nil {
				tool = t.s.toolFor(t.a, c.name)
			}
		})
		if tool == nil {
			continue // unknown: it fails at dispatch, saying so
		}
		call := callOf(tool, c)
		v := pol.Decide(t.ctx, call)
		v, call = t.applyUpdatedInput(pol, tool, c, call, v)
		if v.Decision != permission.Deny && c.denied == "" {
			v = t.extensionVote(c, call, v)
		}
		asked := v.Decision == permission.Ask
		switch {
		case c.denied != "":
		case v.Decision == permission.Deny:
			c.denied = "permission denied: " + v.Reason
		case v.Decision == permission.Ask:
			c.denied = t.ask(c, call, v)
		}
		f := map[string]any{"tool_name": c.name, "id": c.id, "decision": v.Decision.String(), "reason": v.Reason,
			"by": v.By, "mode": string(v.Mode), "asked": asked, "allowed": c.denied == ""}
		if v.Rule != "" {
			f["rule"], f["source"] = v.Rule, v.Source
		}
		if c.denied != "" {
			f["error"] = c.denied
		}
		t.fire(nil, Event{Type: "permission_decision", Fields: f, Call: c.tc})
	}
}

// hooksOnly runs the PreToolUse hooks of a session without a policy
// (an embedder's, panto test's): their deny still stops a call, and
// their ask asks (or, headless, denies).
func (t *turn) hooksOnly(calls []*pendingCall) {
	if !t.s.hooks.Has("PreToolUse") {
		return
	}
	for _, c := range calls {
		if c.invalid != "" || t.ctx.Err() != nil {
			continue
		}
		var tool *host.Tool
		t.s.owner.do(t.ctx, func() {
			if t.s.host.State() != nil {
				tool = t.s.toolFor(t.a, c.name)
			}
		})
		if tool == nil {
			continue
		}
		call := callOf(tool, c)
		vote, ok := t.s.preToolUseVote(t.ctx, call, permission.Verdict{})
		if ok && vote.Decision != permission.Deny {
			_, call = t.applyUpdatedInput(nil, tool, c, call, permission.Verdict{})
		}
		t.s.updatedInputs.Delete(c.id)
		switch {
		case c.denied != "":
		case !ok || vote.Decision == permission.Allow:
		case vote.Decision == permission.Deny:
			c.denied = "permission denied: " + vote.Reason
		default:
			c.denied = t.ask(c, call, permission.Verdict{Decision: permission.Ask, Reason: vote.Reason, By: "hook"})
		}
	}
}

// toolFor is the tool a call of agent a would run (nil when it has none
// of that name). It must run on the owner.
func (s *Session) toolFor(a *Agent, name string) *host.Tool {
	tool, ok := s.allowedTool(a, name)
	if tool == nil && ok {
		tool = s.host.Tool(name)
	}
	return tool
}

// callOf is a call as the policy sees it: the tool's declared effects,
// and its subject read from the input field the tool names.
func callOf(tool *host.Tool, c *pendingCall) permission.Call {
	call := permission.Call{Tool: c.name, ID: c.id, Input: c.input, HasPath: tool.PathField != "", HasCommand: tool.CommandField != ""}
	if tool.Effects != nil {
		call.Effects = make([]permission.Effect, 0, len(tool.Effects))
		for _, e := range tool.Effects {
			call.Effects = append(call.Effects, permission.Effect(e))
		}
	}
	if call.HasPath || call.HasCommand {
		var in map[string]any
		json.Unmarshal([]byte(c.input), &in)
		if s, ok := in[tool.PathField].(string); ok && call.HasPath {
			call.Path = s
		}
		if s, ok := in[tool.CommandField].(string); ok && call.HasCommand {
			call.Command = s
		}
	}
	return call
}

// extensionVote fires tool_permission and applies what its handlers
// wrote as the last voter. It fires for every agent's calls (the
// session agent's, owned agents', jobs' and subagents'), so an
// extension's vote cannot be sidestepped by delegating the call.
func (t *turn) extensionVote(c *pendingCall, call permission.Call, v permission.Verdict) permission.Verdict {
	if c.tc == nil {
		return v
	}
	effects := make([]string, 0, len(call.Effects))
	for _, e := range call.Effects {
		effects = append(effects, string(e))
	}
	if call.Effects == nil {
		effects = []string{string(permission.Execute)}
	}
	t.s.owner.do(t.ctx, func() {
		if t.s.host.State() == nil {
			return
		}
		d, reason := c.tc.Permission(t.ctx, effects, string(v.Mode), v.Decision.String(), v.Reason, v.Rule)
		dec, err := permission.ParseDecision(d)
		if err != nil || (dec == v.Decision && reason == v.Reason) {
			return
		}
		if reason == v.Reason {
			reason = "an extension's tool_permission handler decided " + d
		}
		v = v.With(permission.Vote{Decision: dec, Reason: reason, By: "extension"})
	})
	return v
}

// ask puts a call to the user and returns why it may not run ("" when
// the user allowed it). A session without Options.Ask (a headless run)
// cannot ask: the call is denied, the model is told, and a notice says
// which rule or flag would allow it.
func (t *turn) ask(c *pendingCall, call permission.Call, v permission.Verdict) string {
	ask := t.s.opts.Ask
	if ask == nil {
		hint := v.HintFor(t.s.userConfigName())
		t.notice("permission", fmt.Sprintf("%s was not run: %s, and a headless run cannot ask; %s", describeCall(call), v.Reason, hint))
		return fmt.Sprintf("permission denied: %s, and this run cannot ask the user for approval, so the call did not run. Do not retry it; tell the user what you need instead (%s).", v.Reason, hint)
	}
	ans := ask(t.ctx, permission.Question{ID: c.id, Call: call, Verdict: v})
	if t.ctx.Err() != nil {
		return "the call did not run: the turn was cancelled while waiting for the user's approval"
	}
	if !ans.Allow {
		if ans.Reason != "" {
			return "the user denied this call: " + ans.Reason
		}
		return "the user denied this call"
	}
	if ans.Scope >= permission.Session {
		t.remember(ans, v)
	}
	return ""
}

// remember adds an answer's rule to the session's policy and, for
// "always", to the config file the user chose.
func (t *turn) remember(ans permission.Answer, v permission.Verdict) {
	text := ans.Rule
	if text == "" {
		text = v.Suggest
	}
	r, err := permission.ParseRule(text)
	if err != nil {
		t.notice("permission", "the rule to remember is not valid: "+err.Error())
		return
	}
	r.Decision, r.Source = permission.Allow, "allowed for this session"
	if ans.Scope == permission.Always {
		path := t.s.RuleFile(ans.Where)
		if path == "" {
			t.notice("permission", fmt.Sprintf("no %s config file to write %s to; it holds for this session", ans.Where, r))
		} else if err := trust.KeepTrusted(t.s.setup, func() error { return config.AddRule(path, "allow", r.String()) }); err != nil {
			// (KeepTrusted: the user's own answer must not make the next
			// session ask to trust the project again.)
			t.notice("permission", fmt.Sprintf("could not write %s to %s: %v; it holds for this session", r, path, err))
		} else {
			r.Source = path
			t.notice("permission", fmt.Sprintf("added %s to [permissions] allow in %s", r, path))
		}
	}
	t.s.opts.Permissions.AddRule(r)
}

// RuleFile is the config file an "always" answer writes to: "user" is
// the user's config.toml, "project" the project's own
// .panto/local/config.toml (kept out of version control, and read as the
// local layer). "" when there is none (no configuration home).
func (s *Session) RuleFile(where string) string {
	switch where {
	case "user":
		if s.setup.ConfigHome == "" {
			return ""
		}
		return filepath.Join(s.setup.ConfigHome, "config.toml")
	case "project":
		return filepath.Join(s.setup.ProjectRoot, ".panto", "local", "config.toml")
	}
	return ""
}

// userConfigName is the user's config.toml as a message names it ("~/"
// for the home folder), or "config.toml" when there is none.
func (s *Session) userConfigName() string {
	p := s.RuleFile("user")
	if p == "" {
		return "config.toml"
	}
	if h := s.setup.Home; h != "" {
		if rel, err := filepath.Rel(h, p); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return "~/" + filepath.ToSlash(rel)
		}
	}
	return p
}

// Permissions is the session's permission policy (nil when every call
// runs): the terminal UI changes its mode.
func (s *Session) Permissions() *permission.Policy { return s.opts.Permissions }

// describeCall names a call for messages: the tool and its subject.
func describeCall(c permission.Call) string {
	switch {
	case c.HasCommand:
		return fmt.Sprintf("%s %q", c.Tool, c.Command)
	case c.HasPath && c.Path != "":
		return fmt.Sprintf("%s %s", c.Tool, c.Path)
	}
	return c.Tool
}
