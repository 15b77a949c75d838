package agent

import (
	"panto/agent/mcp"
	"panto/host"
	"panto/runtime"
)

// mcpModule installs panto.mcp: the session's MCP servers for extensions
// (docs/mcp.md). Calls await on a goroutine, like the model's calls of
// the same tools, but are not judged by the permission rules: an
// extension already runs with the user's authority, as when it starts a
// process.
func (b *bindings) mcpModule(mod *runtime.Table) {
	t := runtime.NewTable(0, 5)
	t.SetName("servers", runtime.NewFunction("servers", b.mcpServers))
	t.SetName("call", runtime.NewFunction("call", b.mcpCall))
	t.SetName("resources", runtime.NewFunction("resources", b.mcpResources))
	t.SetName("read_resource", runtime.NewFunction("read_resource", b.mcpReadResource))
	t.SetName("get_prompt", runtime.NewFunction("get_prompt", b.mcpGetPrompt))
	mod.SetName("mcp", runtime.TableValue(t))
}

// stringList is a Lua array of strings.
func (b *bindings) stringList(xs []string) runtime.Value {
	t := runtime.NewTable(len(xs), 0)
	for i, x := range xs {
		t.SetInt(int64(i+1), str(x))
	}
	b.st.JSON().MarkArray(t)
	return runtime.TableValue(t)
}

// servers() -> { { name, state, transport, target, error?, server?,
// tools, prompts, resources, project } }
func (b *bindings) mcpServers(L *runtime.State) int {
	sts := b.s.mcp.Statuses()
	out := runtime.NewTable(len(sts), 0)
	for i, st := range sts {
		e := runtime.NewTable(0, 10)
		e.SetStr("name", str(st.Name))
		e.SetStr("state", str(string(st.State)))
		e.SetStr("transport", str(st.Transport))
		e.SetStr("target", str(st.Target))
		if st.Error != "" {
			e.SetStr("error", str(st.Error))
		}
		if st.Server != "" {
			e.SetStr("server", str(st.Server))
		}
		e.SetStr("tools", b.stringList(st.Tools))
		e.SetStr("prompts", b.stringList(st.Prompts))
		e.SetStr("resources", runtime.Bool(st.Resources))
		e.SetStr("project", runtime.Bool(st.Project))
		out.SetInt(int64(i+1), runtime.TableValue(e))
	}
	b.st.JSON().MarkArray(out)
	L.Push(runtime.TableValue(out))
	return 1
}

// call(server, tool, input?) -> { text, attachments, is_error }
func (b *bindings) mcpCall(L *runtime.State) int {
	server, tool := L.CheckString(1), L.CheckString(2)
	input := "{}"
	if v := L.Arg(3); !v.IsNil() {
		if v.AsTable() == nil {
			L.TypeError(3, "table")
		}
		enc, err := b.st.JSON().Encode(v)
		if err != nil {
			L.Errorf("panto.mcp.call: input: %v", err)
		}
		input = enc
	}
	loop := b.st.Loop()
	ctx := loop.Context()
	return loop.Await(L, func() (func() []runtime.Value, error) {
		res, err := b.s.mcp.Call(ctx, server, tool, input)
		if err != nil {
			return nil, err
		}
		return func() []runtime.Value { return []runtime.Value{b.nativeResult(res, true)} }, nil
	})
}

// nativeResult is a result as Lua sees it: { text, attachments =
// { { media_type, data } }, is_error? }.
func (b *bindings) nativeResult(res host.NativeResult, withError bool) runtime.Value {
	t := runtime.NewTable(0, 3)
	t.SetStr("text", str(res.Text))
	atts := runtime.NewTable(len(res.Attachments), 0)
	for i, a := range res.Attachments {
		e := runtime.NewTable(0, 2)
		e.SetStr("media_type", str(a.MediaType))
		e.SetStr("data", str(a.Data))
		atts.SetInt(int64(i+1), runtime.TableValue(e))
	}
	b.st.JSON().MarkArray(atts)
	t.SetStr("attachments", runtime.TableValue(atts))
	if withError {
		t.SetStr("is_error", runtime.Bool(res.IsError))
	}
	return runtime.TableValue(t)
}

// resources(server?) -> { { server, uri, name?, description?, mime_type? } }
func (b *bindings) mcpResources(L *runtime.State) int {
	server := L.OptString(1, "")
	loop := b.st.Loop()
	ctx := loop.Context()
	return loop.Await(L, func() (func() []runtime.Value, error) {
		rs, err := b.s.mcp.ListResources(ctx, server)
		if err != nil {
			return nil, err
		}
		return func() []runtime.Value {
			out := runtime.NewTable(len(rs), 0)
			for i, r := range rs {
				out.SetInt(int64(i+1), resourceToLua(r))
			}
			b.st.JSON().MarkArray(out)
			return []runtime.Value{runtime.TableValue(out)}
		}, nil
	})
}

func resourceToLua(r mcp.Resource) runtime.Value {
	e := runtime.NewTable(0, 5)
	e.SetStr("server", str(r.Server))
	e.SetStr("uri", str(r.URI))
	for k, v := range map[string]string{"name": r.Name, "description": r.Description, "mime_type": r.MIMEType} {
		if v != "" {
			e.SetStr(k, str(v))
		}
	}
	return runtime.TableValue(e)
}

// read_resource(server, uri) -> { text, attachments }
func (b *bindings) mcpReadResource(L *runtime.State) int {
	server, uri := L.CheckString(1), L.CheckString(2)
	loop := b.st.Loop()
	ctx := loop.Context()
	return loop.Await(L, func() (func() []runtime.Value, error) {
		res, err := b.s.mcp.ReadResource(ctx, server, uri)
		if err != nil {
			return nil, err
		}
		return func() []runtime.Value { return []runtime.Value{b.nativeResult(res, false)} }, nil
	})
}

// get_prompt(server, name, args?) -> text
func (b *bindings) mcpGetPrompt(L *runtime.State) int {
	server, name := L.CheckString(1), L.CheckString(2)
	args := map[string]string{}
	if v := L.Arg(3); !v.IsNil() {
		t := v.AsTable()
		if t == nil {
			L.TypeError(3, "table")
		}
		for k, val, ok := t.Next(runtime.Nil); ok && !k.IsNil(); k, val, ok = t.Next(k) {
			if !k.IsString() || !val.IsString() {
				L.Errorf("panto.mcp.get_prompt: arguments are a table of strings by name")
			}
			args[k.AsString()] = val.AsString()
		}
	}
	loop := b.st.Loop()
	ctx := loop.Context()
	return loop.Await(L, func() (func() []runtime.Value, error) {
		text, err := b.s.mcp.GetPrompt(ctx, server, name, args)
		if err != nil {
			return nil, err
		}
		return func() []runtime.Value { return []runtime.Value{str(text)} }, nil
	})
}
