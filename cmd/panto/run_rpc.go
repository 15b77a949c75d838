package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/urfave/cli/v2"

	"panto/agent"
)

// rpcCommand is one line of --mode rpc's input (docs/rpc.md).
type rpcCommand struct {
	Type string `json:"type"`
	ID   any    `json:"id,omitempty"`
	Text string `json:"text,omitempty"`
	// Message is pi's name for the text of prompt, steer and follow_up;
	// a client written for pi's RPC mode may send it instead of text.
	Message string `json:"message,omitempty"`
	Session string `json:"session,omitempty"`
	Summary string `json:"summary,omitempty"`
	Model   string `json:"model,omitempty"`
	// approve and deny answer a permission_request; permission_mode
	// sets the mode.
	RequestID string `json:"request_id,omitempty"`
	Scope     string `json:"scope,omitempty"`
	Where     string `json:"where,omitempty"`
	Rule      string `json:"rule,omitempty"`
	Reason    string `json:"reason,omitempty"`
	Mode      string `json:"mode,omitempty"`
	// Turns and Restore are rewind's: how many user turns, and what to
	// restore ("code", "conversation", "both").
	Turns   int    `json:"turns,omitempty"`
	Restore string `json:"restore,omitempty"`
	// Path is export's file; OutputPath is pi's name for it (pi's
	// export_html command).
	Path       string `json:"path,omitempty"`
	OutputPath string `json:"outputPath,omitempty"`
}

// rpcResponse answers a command.
type rpcResponse struct {
	Type    string `json:"type"` // "response"
	Command string `json:"command"`
	ID      any    `json:"id,omitempty"`
	Success bool   `json:"success"`
	Error   string `json:"error,omitempty"`
	Data    any    `json:"data,omitempty"`
}

// rpcServer drives a session from JSON Lines commands; everything but
// the stdin reader runs on the owner goroutine.
type rpcServer struct {
	s    *agent.Session
	ctx  context.Context
	mu   sync.Mutex // serialises writes to out
	enc  *json.Encoder
	run  *agent.Run
	quit bool
	eof  bool
	asks rpcAsks
}

func (r *rpcServer) write(v any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.enc.Encode(v)
}

// runRPC is --mode rpc: commands on stdin, events and responses on
// stdout, until stdin ends (after the running turn) or "quit".
func runRPC(c *cli.Context, src sessionSource) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &rpcServer{ctx: ctx, enc: json.NewEncoder(c.App.Writer)}
	r.enc.SetEscapeHTML(false)
	s, err := openAgentSession(ctx, c, src, func(e agent.Event) { r.write(e) }, func(o *agent.Options) { o.Ask = r.ask })
	if err != nil {
		return err
	}
	defer s.Close()
	r.s = s
	stop := interruptTurn(s)
	defer stop()
	r.write(map[string]any{"type": "ready", "session_id": s.ID(), "state": r.state()})
	go r.read(c.App.Reader)
	s.RunLoop(ctx, r.done)
	return loadFailures(s.Host())
}

// read decodes commands and hands each to the owner.
func (r *rpcServer) read(in interface{ Read([]byte) (int, error) }) {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 {
			continue
		}
		var cmd rpcCommand
		err := json.Unmarshal(line, &cmd)
		if cmd.Text == "" {
			cmd.Text = cmd.Message
		}
		if cmd.Type == "cancel" || cmd.Type == "abort" || cmd.Type == "quit" {
			// At once, from here: the owner may be held by Lua code that
			// never yields, and the posted command would wait behind it.
			r.s.Cancel()
		}
		r.s.Post(func() {
			if err != nil {
				r.write(rpcResponse{Type: "response", Command: "?", Error: "not a JSON command: " + err.Error()})
				return
			}
			r.handle(cmd)
		})
	}
	r.s.Post(func() { r.eof = true })
}

// done is checked at every turn of the loop: it reports a finished
// turn, starts queued submissions, and ends the server when asked to.
func (r *rpcServer) done() bool {
	if r.run != nil && r.run.Done() {
		res := r.run.Wait()
		r.run = nil
		ev := map[string]any{"type": "turn_result", "status": res.Status, "text": res.Text, "requests": res.Requests, "usage": res.Usage}
		if res.Err != nil {
			ev["error"] = res.Err.Error()
		}
		r.write(ev)
	}
	if r.run == nil {
		if run, ok := r.s.RunQueued(r.ctx); ok {
			r.run = run
		}
	}
	return r.quit || (r.eof && r.run == nil)
}

func (r *rpcServer) handle(cmd rpcCommand) {
	resp := rpcResponse{Type: "response", Command: cmd.Type, ID: cmd.ID, Success: true}
	fail := func(format string, a ...any) {
		resp.Success, resp.Error = false, fmt.Sprintf(format, a...)
	}
	busy := r.run != nil
	switch cmd.Type {
	case "prompt":
		switch {
		case cmd.Text == "":
			fail("prompt: 'text' is required")
		case busy:
			fail("a turn is running: send steer or follow_up, or cancel it")
		default:
			run, err := r.s.Start(r.ctx, []agentBlock{textBlock(cmd.Text)})
			if err != nil {
				fail("%v", err)
			} else {
				r.run = run
			}
		}
	case "steer", "follow_up":
		if cmd.Text == "" {
			fail("%s: 'text' is required", cmd.Type)
			break
		}
		r.s.Submit(cmd.Text, cmd.Type == "follow_up")
	case "cancel", "abort": // abort: pi's name
		r.s.Cancel()
	case "compact":
		if busy {
			fail("a turn is running")
		} else if err := r.s.Compact(r.ctx, cmd.Summary); err != nil {
			fail("%v", err)
		}
	case "get_state":
		resp.Data = r.state()
	case "new":
		if err := r.s.New(r.ctx); err != nil {
			fail("%v", err)
		} else {
			resp.Data = r.state()
		}
	case "resume":
		if err := r.s.Resume(r.ctx, cmd.Session); err != nil {
			fail("%v", err)
		} else {
			resp.Data = r.state()
		}
	case "model":
		if err := r.s.SetModel(cmd.Model, ""); err != nil {
			fail("%v", err)
		} else {
			resp.Data = r.state()
		}
	case "approve", "deny":
		if err := r.answer(cmd); err != nil {
			fail("%v", err)
		}
	case "permission_mode":
		if err := r.setPermissionMode(cmd.Mode); err != nil {
			fail("permission_mode: %v", err)
		} else {
			resp.Data = r.state()
		}
	case "rewind":
		turns := cmd.Turns
		if turns == 0 {
			turns = 1
		}
		if busy {
			fail("a turn is running: cancel it first")
		} else if res, err := r.s.Rewind(r.ctx, turns, cmd.Restore); err != nil {
			fail("%v", err)
		} else {
			resp.Data = res
		}
	case "export", "export_html": // export_html: pi's name
		path := cmd.Path
		if path == "" {
			path = cmd.OutputPath
		}
		if busy {
			fail("a turn is running: export when it ends")
		} else if p, err := r.s.Export(path); err != nil {
			fail("%v", err)
		} else {
			resp.Data = map[string]any{"path": p}
		}
	case "quit":
		r.s.Cancel()
		r.quit = true
	default:
		fail("unknown command %q (prompt, steer, follow_up, cancel, compact, get_state, new, resume, model, approve, deny, permission_mode, rewind, export, quit)", cmd.Type)
	}
	r.write(resp)
}

// state is get_state's answer.
func (r *rpcServer) state() map[string]any {
	a := r.s.Agent()
	usage, last := a.Usage()
	steer, follow := a.Queued()
	ctxMsgs, ctxTokens, total := a.ContextStats()
	st := map[string]any{
		"session_id": r.s.ID(), "running": a.Running(), "messages": total,
		"context_messages": ctxMsgs, "context_tokens": ctxTokens, "last_request_tokens": last,
		"usage": usage, "queued_steering": steer, "queued_followups": follow,
	}
	// cost: the session's by model, and its total when some response
	// was priced (docs/rpc.md).
	costs := []map[string]any{}
	for _, mc := range a.Costs() {
		e := map[string]any{"provider": mc.Provider, "model": mc.Model, "usage": mc.Usage, "responses": mc.Responses, "unpriced": mc.Unpriced}
		costs = append(costs, e)
	}
	cost := map[string]any{"models": costs}
	if total, complete, priced := a.TotalCost(); priced {
		cost["total"], cost["complete"] = total, complete
	}
	st["cost"] = cost
	if m := a.Model(); m != nil {
		if w := m.ContextWindow(); w > 0 {
			st["context_window"] = w
		}
	}
	if info := r.s.Host().Session(); info != nil {
		st["model"], st["reasoning"], st["directory"] = info.Model, info.Reasoning, info.Directory
	}
	if p := r.s.Permissions(); p != nil {
		st["permission_mode"] = string(p.Mode())
	}
	if err := r.s.ModelError(); err != nil {
		st["model_error"] = err.Error()
	}
	return st
}
