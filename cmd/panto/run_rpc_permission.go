package main

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"panto/permission"
)

// rpcAsks are the permission questions put to an RPC client and not yet
// answered: a turn's goroutine waits in ask while the owner handles the
// client's approve or deny command.
type rpcAsks struct {
	mu      sync.Mutex
	n       int
	pending map[string]chan permission.Answer
}

// ask sends a permission_request event and waits for the answer (a
// cancelled turn stops waiting; its call is then not run).
func (r *rpcServer) ask(ctx context.Context, q permission.Question) permission.Answer {
	a := &r.asks
	a.mu.Lock()
	a.n++
	id := fmt.Sprintf("perm_%d", a.n)
	ch := make(chan permission.Answer, 1)
	if a.pending == nil {
		a.pending = map[string]chan permission.Answer{}
	}
	a.pending[id] = ch
	a.mu.Unlock()
	defer func() {
		a.mu.Lock()
		delete(a.pending, id)
		a.mu.Unlock()
	}()
	ev := map[string]any{
		"type": "permission_request", "request_id": id, "tool_name": q.Call.Tool, "id": q.ID,
		"effects": effectNames(q.Call), "reason": q.Verdict.Reason, "mode": string(q.Verdict.Mode),
	}
	if json.Valid([]byte(q.Call.Input)) {
		ev["input"] = json.RawMessage(q.Call.Input)
	}
	if q.Verdict.Suggest != "" {
		ev["suggested_rule"] = q.Verdict.Suggest
	}
	if q.Verdict.Rule != "" {
		ev["rule"] = q.Verdict.Rule
	}
	r.write(ev)
	select {
	case ans := <-ch:
		return ans
	case <-ctx.Done():
		return permission.Answer{Reason: "the turn was cancelled"}
	}
}

func effectNames(c permission.Call) []string {
	if c.Effects == nil {
		return []string{string(permission.Execute)}
	}
	out := make([]string, len(c.Effects))
	for i, e := range c.Effects {
		out[i] = string(e)
	}
	return out
}

// answer handles approve and deny: it hands the answer to the waiting
// turn, or says why it cannot.
func (r *rpcServer) answer(cmd rpcCommand) error {
	ans := permission.Answer{Allow: cmd.Type == "approve", Reason: cmd.Reason, Rule: cmd.Rule, Where: cmd.Where}
	if ans.Allow {
		switch cmd.Scope {
		case "", "once":
		case "session":
			ans.Scope = permission.Session
		case "always":
			ans.Scope = permission.Always
			if ans.Where != "project" && ans.Where != "user" {
				return fmt.Errorf("approve: scope always needs where: \"project\" or \"user\"")
			}
		default:
			return fmt.Errorf("approve: scope must be once, session or always, got %q", cmd.Scope)
		}
		if ans.Rule != "" {
			if _, err := permission.ParseRule(ans.Rule); err != nil {
				return fmt.Errorf("approve: %v", err)
			}
		}
	}
	r.asks.mu.Lock()
	ch := r.asks.pending[cmd.RequestID]
	delete(r.asks.pending, cmd.RequestID)
	r.asks.mu.Unlock()
	if ch == nil {
		return fmt.Errorf("%s: no pending permission request %q", cmd.Type, cmd.RequestID)
	}
	ch <- ans
	return nil
}

// setPermissionMode is the permission_mode command.
func (r *rpcServer) setPermissionMode(mode string) error {
	m, err := permission.ParseMode(mode)
	if err != nil {
		return err
	}
	if r.s.Permissions() == nil {
		return fmt.Errorf("this session has no permission policy")
	}
	r.s.Permissions().SetMode(m)
	return nil
}
