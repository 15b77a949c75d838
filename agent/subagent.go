package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"panto/agent/agentdef"
	"panto/agent/conv"
	"panto/agent/store"
)

// DefaultMaxSubagentDepth bounds how deep subagents nest (a subagent's
// own task calls start the second level, and so on): deep enough for a
// subagent to delegate, shallow enough that a model calling task from
// every level cannot fan out without end.
const DefaultMaxSubagentDepth = 3

// SubagentRequest is one subagent run: the definition, the prompt, and
// the parent's tool call it runs for.
type SubagentRequest struct {
	// Agent names the definition ("" is general-purpose).
	Agent string
	// Prompt is the task, the subagent's first user message.
	Prompt string
	// Description is a short label for the UI ("find the config loader").
	Description string
	// CallID is the parent's tool call the subagent runs for: its result
	// message links to the subagent's transcript, and the progress
	// events name it.
	CallID string
}

// SubagentResult is what a subagent gives back to its parent: its final
// answer and usage, and where its transcript is kept.
type SubagentResult struct {
	Agent     string
	Result    Result
	SessionID string // the transcript's session id ("" when none is kept)
	Path      string // the transcript's file ("" when none is kept)
	ToolUses  int
}

// subagentLink is what a parent's tool result records about the
// subagent that produced it (Message.Metadata, key "subagent").
type subagentLink struct {
	Agent     string `json:"agent"`
	SessionID string `json:"session_id,omitempty"`
	Path      string `json:"path,omitempty"`
	Status    string `json:"status"`
}

// linkKey names a parent's tool call: call ids are unique within one
// agent's conversation only.
type linkKey struct {
	parent *Agent
	callID string
}

// Definitions are the session's subagent definitions (agentdef): the
// built-ins, every layer's agents/ folder, and those extensions
// registered.
func (s *Session) Definitions() *agentdef.Registry {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.defs == nil {
		s.defs = agentdef.Load(s.setup)
	}
	return s.defs
}

// maxSubagentDepth is Options.MaxSubagentDepth, else [subagents]
// max_depth, else the default.
func (s *Session) maxSubagentDepth() int {
	if s.opts.MaxSubagentDepth > 0 {
		return s.opts.MaxSubagentDepth
	}
	if n := s.host.Config().Subagents.MaxDepth; n > 0 {
		return n
	}
	return DefaultMaxSubagentDepth
}

// prepareSubagent makes the agent that runs req for parent: the
// definition's system prompt, tools and model. It runs on the owner
// (it reads the host's tools and models).
func (s *Session) prepareSubagent(parent *Agent, req SubagentRequest) (*Agent, *agentdef.Definition, error) {
	name := req.Agent
	if name == "" {
		name = "general-purpose"
	}
	defs := s.Definitions()
	def := defs.Get(name)
	if def == nil {
		return nil, nil, fmt.Errorf("no subagent named '%s' (defined: %s)", name, strings.Join(defs.Names(), ", "))
	}
	if strings.TrimSpace(req.Prompt) == "" {
		return nil, nil, fmt.Errorf("the prompt for subagent '%s' is empty: say what it should do", name)
	}
	depth := parent.depth + 1
	if max := s.maxSubagentDepth(); depth > max {
		return nil, nil, fmt.Errorf("subagents may nest at most %d deep and this one would be level %d: do this part of the work yourself instead of delegating it", max, depth)
	}
	m, err := s.subagentModel(parent, def)
	if err != nil {
		return nil, nil, fmt.Errorf("subagent '%s': %v", name, err)
	}
	s.mu.Lock()
	s.lanes++
	lane := fmt.Sprintf("subagent-%d", s.lanes)
	s.mu.Unlock()
	a := &Agent{sess: s, lane: lane, depth: depth, conv: &conv.Conversation{}, model: m, subagent: def.Name,
		system: def.Prompt + "\n\n" + environment(s.setup, time.Now())}
	a.toolNames = s.subagentTools(def)
	meta, _ := json.Marshal(map[string]any{"subagent": map[string]any{"agent": def.Name, "parent_session": parent.SessionID(), "tool_call_id": req.CallID}})
	a.meta = meta
	rec, err := s.subagentStore().Create(s.cwd, parent.SessionID())
	if err != nil {
		return nil, nil, err
	}
	a.rec = rec
	return a, def, nil
}

// subagentModel is the definition's model, or the parent's for none and
// "inherit". Claude Code's aliases (sonnet, opus, haiku) that no
// provider here defines fall back to the parent's model too, so a
// copied definition runs rather than fails.
func (s *Session) subagentModel(parent *Agent, def *agentdef.Definition) (*Model, error) {
	pm := parent.Model()
	if pm == nil {
		pm = s.agent.Model()
	}
	var m *Model
	switch ref := def.Model; {
	case ref == "" || ref == "inherit":
		m = pm
	default:
		r, err := resolveModel(s.host, ref, def.Reasoning)
		switch {
		case err == nil:
			return r, nil
		case (ref == "sonnet" || ref == "opus" || ref == "haiku") && pm != nil:
			m = pm
		default:
			return nil, err
		}
	}
	if m == nil {
		return nil, fmt.Errorf("no model is configured")
	}
	if def.Reasoning != "" && def.Reasoning != m.Reasoning {
		c := *m
		c.Reasoning = def.Reasoning
		m = &c
	}
	return m, nil
}

// subagentTools are the registered tools a definition may call: the
// ones it lists (Claude Code's names mapped to panto's; names no tool
// has here are left out), or every registered tool when it lists none.
func (s *Session) subagentTools(def *agentdef.Definition) []string {
	var names []string
	if def.Tools == nil {
		for _, t := range s.host.Tools() {
			names = append(names, t.Name)
		}
		return names
	}
	for _, n := range def.Tools {
		n = agentdef.ToolName(n)
		if s.host.Tool(n) != nil && !contains(names, n) {
			names = append(names, n)
		}
	}
	if names == nil {
		names = []string{}
	}
	return names
}

// subagentStore keeps subagents' transcripts: beside the session's
// files, in a subagents/ folder of their own (so /resume lists only the
// sessions the user had), or wherever a custom store keeps sessions.
func (s *Session) subagentStore() store.Store {
	if fs, ok := s.store.(*store.FileStore); ok {
		return store.NewFileStore(filepath.Join(fs.Dir, "subagents"))
	}
	return s.store
}

// subagentEvents is a subagent turn's event sink: it follows the turn's
// tools and reports them to the session's observer as subagent_tool
// events (posted to the owner, where the observer runs).
type subagentEvents struct {
	s     *Session
	base  map[string]any
	uses  *int
	start time.Time
}

func (e subagentEvents) hostEvents() bool { return false }

func (e subagentEvents) emit(ev Event) {
	switch ev.Type {
	case "tool_details":
		*e.uses++
		f := e.fields()
		f["tool_name"], f["state"], f["tool_uses"] = ev.Fields["tool_name"], "running", *e.uses
		e.post(Event{Type: "subagent_tool", Fields: f})
	case "tool_result":
		f := e.fields()
		f["tool_name"], f["state"], f["ok"] = ev.Fields["tool_name"], "done", ev.Fields["result_ok"]
		e.post(Event{Type: "subagent_tool", Fields: f})
	}
}

func (e subagentEvents) fields() map[string]any {
	f := make(map[string]any, len(e.base)+4)
	for k, v := range e.base {
		f[k] = v
	}
	f["elapsed_ms"] = time.Since(e.start).Milliseconds()
	return f
}

func (e subagentEvents) post(ev Event) { e.s.Post(func() { e.s.emit(ev) }) }

// runSubagent runs a prepared subagent's turn to its end (on the
// calling goroutine, never the owner's) and records the link in the
// parent's tool result.
func (s *Session) runSubagent(ctx context.Context, parent, a *Agent, req SubagentRequest) SubagentResult {
	// With --no-session (a null store) no transcript is kept: none is
	// named.
	_, null := s.store.(store.NullStore)
	base := map[string]any{"agent": a.subagent, "tool_call_id": req.CallID, "depth": a.depth}
	if !null {
		base["session_id"] = a.SessionID()
	}
	if req.Description != "" {
		base["description"] = req.Description
	}
	uses := 0
	ev := subagentEvents{s: s, base: base, uses: &uses, start: time.Now()}
	start := ev.fields()
	ev.post(Event{Type: "subagent_start", Fields: start})
	out := SubagentResult{Agent: a.subagent, SessionID: a.SessionID()}
	tctx, err := a.begin(ctx)
	if err != nil {
		out.Result = Result{Status: "failed", Err: err}
	} else {
		t := &turn{a: a, s: s, ctx: tctx, ev: ev, lane: a, dispatch: true, purpose: "subagent"}
		out.Result = t.run([]conv.Block{conv.TextBlock(req.Prompt)})
		a.end()
	}
	out.ToolUses = uses
	a.mu.Lock()
	if w, ok := a.rec.(*store.Writer); ok && a.conv.Len() > 0 {
		out.Path = w.Path()
	}
	if a.conv.Len() == 0 || null {
		out.SessionID, out.Path = "", ""
	}
	a.rec.Close()
	a.mu.Unlock()
	link := subagentLink{Agent: a.subagent, SessionID: out.SessionID, Path: out.Path, Status: out.Result.Status}
	s.mu.Lock()
	if s.subLinks == nil {
		s.subLinks = map[linkKey]subagentLink{}
	}
	s.subLinks[linkKey{parent, req.CallID}] = link
	s.mu.Unlock()
	end := ev.fields()
	end["status"], end["usage"], end["requests"], end["tool_uses"] = out.Result.Status, out.Result.Usage, out.Result.Requests, uses
	if out.SessionID != "" {
		end["session_id"] = out.SessionID
	} else {
		delete(end, "session_id")
	}
	if out.Result.Err != nil {
		end["error"] = out.Result.Err.Error()
	}
	ev.post(Event{Type: "subagent_end", Fields: end})
	return out
}

// takeSubagentLink is the metadata a parent's tool result carries when
// a subagent answered the call: {"subagent": {agent, session_id, path,
// status}}; nil when none did.
func (s *Session) takeSubagentLink(parent *Agent, callID string) json.RawMessage {
	s.mu.Lock()
	l, ok := s.subLinks[linkKey{parent, callID}]
	delete(s.subLinks, linkKey{parent, callID})
	s.mu.Unlock()
	if !ok {
		return nil
	}
	data, _ := json.Marshal(map[string]any{"subagent": l})
	return data
}
