package agent

import (
	"fmt"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/host"
	"panto/runtime"
)

// beforeRequest runs the bone layer's before_request handlers (bone's
// before_turn) on a request of the session agent, once it is built and
// before it is sent: each may append to the system prompt, keep only
// some tools, or replace the messages this request sends. Their changes
// hold for this request only; the session keeps its transcript, so a
// handler that always rewrites does so on every request. A failing
// handler is reported and the request goes on as it was.
func (t *turn) beforeRequest(req *provider.Request, tools []*host.Tool) []*host.Tool {
	s := t.s
	t.offered = nil
	if t.a != s.agent {
		return tools
	}
	s.mu.Lock()
	hooks := s.boneHooks
	s.mu.Unlock()
	if hooks == nil || len(hooks.fn) == 0 {
		return tools
	}
	filtered := false
	// Problems are reported once the handlers have run: a notice goes
	// through the owner, which is busy running them until then.
	var problems []string
	s.owner.do(t.ctx, func() {
		st := hooks.st
		if !st.Live() {
			return
		}
		for _, fn := range hooks.fn {
			arg := boneRequestToLua(st, req)
			res, err := st.Loop().CallSync(t.ctx, fn, arg)
			if err != nil {
				problems = append(problems, "before_turn handler failed: "+firstLine(err.Error()))
				continue
			}
			if len(res) == 0 || res[0].IsNil() {
				continue
			}
			act := res[0].AsTable()
			if act == nil {
				problems = append(problems, "before_turn handler returned a "+res[0].TypeName()+", not an action table")
				continue
			}
			if act.GetStr("tool_filter").AsTable() != nil {
				filtered = true
			}
			if err := applyBoneAction(st, act, req, &tools); err != nil {
				problems = append(problems, "before_turn: "+err.Error())
			}
		}
	})
	for _, p := range problems {
		t.notice("bone", p)
	}
	if filtered {
		t.offered = map[string]bool{}
		for _, tool := range tools {
			t.offered[tool.Name] = true
		}
	}
	return tools
}

// boneRequestToLua is what a before_request handler sees: { system,
// messages, tools = { names } }.
func boneRequestToLua(st *host.State, req *provider.Request) runtime.Value {
	t := runtime.NewTable(0, 3)
	t.SetStr("system", str(req.System))
	t.SetStr("messages", messagesToLua(st, req.Messages))
	names := runtime.NewTable(len(req.Tools), 0)
	for i, tool := range req.Tools {
		names.SetInt(int64(i+1), str(tool.Name))
	}
	st.JSON().MarkArray(names)
	t.SetStr("tools", runtime.TableValue(names))
	return runtime.TableValue(t)
}

// applyBoneAction applies { system_prompt_append?, tool_filter?,
// messages? } to the request.
func applyBoneAction(st *host.State, act *runtime.Table, req *provider.Request, tools *[]*host.Tool) error {
	if v := act.GetStr("system_prompt_append"); !v.IsNil() {
		if !v.IsString() {
			return fmt.Errorf("system_prompt_append must be a string, got %s", v.TypeName())
		}
		if req.System != "" {
			req.System += "\n\n"
		}
		req.System += v.AsString()
	}
	if v := act.GetStr("tool_filter"); !v.IsNil() {
		ft := v.AsTable()
		if ft == nil {
			return fmt.Errorf("tool_filter must be an array of tool names, got %s", v.TypeName())
		}
		var keep []string
		for i := int64(1); i <= ft.Len(); i++ {
			keep = append(keep, ft.GetInt(i).AsString())
		}
		req.Tools = toolFilter(req.Tools, func(x provider.Tool) string { return x.Name }, keep)
		*tools = toolFilter(*tools, func(x *host.Tool) string { return x.Name }, keep)
	}
	if v := act.GetStr("messages"); !v.IsNil() {
		ms, err := boneMessagesFromLua(st, v)
		if err != nil {
			return err
		}
		req.Messages = ms
	}
	return nil
}

// boneMessagesFromLua reads the messages of conversation_replace: each
// is panto's { role, blocks } or bone's { role, content = "text" }; a
// tool message names tool_call_id.
func boneMessagesFromLua(st *host.State, v runtime.Value) ([]conv.Message, error) {
	t := v.AsTable()
	if t == nil {
		return nil, fmt.Errorf("messages must be an array, got %s", v.TypeName())
	}
	var out []conv.Message
	for i := int64(1); i <= t.Len(); i++ {
		mt := t.GetInt(i).AsTable()
		if mt == nil {
			return nil, fmt.Errorf("message %d must be a table", i)
		}
		m := conv.Message{Role: conv.Role(mt.GetStr("role").AsString())}
		switch m.Role {
		case conv.User, conv.Assistant, conv.System, conv.Tool:
		default:
			return nil, fmt.Errorf("message %d: role must be user, assistant, system or tool, got %q", i, string(m.Role))
		}
		if bl := mt.GetStr("blocks"); !bl.IsNil() {
			blocks, err := contentFromLua(st, bl, fmt.Sprintf("message %d", i))
			if err != nil {
				return nil, err
			}
			m.Blocks = blocks
		} else if c := mt.GetStr("content"); c.IsString() {
			m.Blocks = []conv.Block{conv.TextBlock(c.AsString())}
		}
		if m.Role == conv.Tool {
			m.ToolCallID = mt.GetStr("tool_call_id").AsString()
			m.ToolName = mt.GetStr("tool_name").AsString()
			m.IsError = mt.GetStr("is_error").Truthy()
			if m.ToolCallID == "" {
				return nil, fmt.Errorf("message %d: a tool message needs tool_call_id", i)
			}
		}
		out = append(out, m)
	}
	return out, nil
}
