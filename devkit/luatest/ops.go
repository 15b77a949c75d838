package luatest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"panto/agent/conv"
	"panto/agent/provider/script"
	"panto/host"
	"panto/runtime"
)

// perform does one operation a test yielded and returns the reply the
// test is resumed with: { value = ... } or { error = "..." }, which the
// module raises in the test at the line that asked.
func (f *fileRun) perform(ctx context.Context, kind string, args runtime.Value) runtime.Value {
	a := args.AsTable()
	var v runtime.Value
	var err error
	if a == nil {
		err = fmt.Errorf("%s: give a table of arguments", kind)
	} else {
		switch kind {
		case "tool":
			v, err = f.tool(ctx, a)
		case "command":
			v, err = f.command(ctx, a)
		case "fire":
			v, err = f.fire(ctx, a)
		case "render":
			v, err = f.render(ctx, a)
		case "turn":
			v, err = f.turn(ctx, a)
		default:
			err = fmt.Errorf("unknown operation %q", kind)
		}
	}
	reply := runtime.NewTable(0, 1)
	if err != nil {
		reply.SetStr("error", runtime.String(kind+": "+err.Error()))
	} else {
		reply.SetStr("value", v)
	}
	return runtime.TableValue(reply)
}

// fromJSON turns a Go value into Lua through JSON, with the state's own
// codec (so arrays stay arrays and null is json.null).
func (f *fileRun) fromJSON(x any) (runtime.Value, error) {
	b, err := json.Marshal(x)
	if err != nil {
		return runtime.Nil, err
	}
	return f.st.JSON().Decode(string(b))
}

func (f *fileRun) toJSON(v runtime.Value) (string, error) {
	if v.IsString() {
		return v.AsString(), nil
	}
	s, err := f.st.JSON().Encode(v)
	if s == "[]" {
		s = "{}"
	}
	return s, err
}

func (f *fileRun) block(b *host.Block) int {
	f.blocks = append(f.blocks, b)
	return len(f.blocks)
}

func (f *fileRun) tool(ctx context.Context, a *runtime.Table) (runtime.Value, error) {
	name := a.GetStr("name")
	if !name.IsString() {
		return runtime.Nil, fmt.Errorf("the tool name must be a string")
	}
	in, err := f.toJSON(a.GetStr("input"))
	if err != nil {
		return runtime.Nil, fmt.Errorf("the input: %v", err)
	}
	h := f.sess.Host()
	if h.Tool(name.AsString()) == nil {
		var names []string
		for _, t := range h.Tools() {
			names = append(names, t.Name)
		}
		return runtime.Nil, fmt.Errorf("unknown tool '%s' (registered: %s)", name.AsString(), strings.Join(names, ", "))
	}
	tc, err := h.CallTool(ctx, name.AsString(), in)
	if err != nil {
		return runtime.Nil, err
	}
	type att struct {
		MediaType string `json:"media_type,omitempty"`
		Data      string `json:"data"`
	}
	r := map[string]any{"ok": tc.OK, "output": tc.Output, "block": f.block(tc.Block), "attachments": []att{}}
	for _, x := range tc.Attachments {
		r["attachments"] = append(r["attachments"].([]att), att{x.MediaType, x.Data})
	}
	if tc.FinalInputJSON != "" {
		r["input"] = json.RawMessage(tc.FinalInputJSON)
	}
	return f.fromJSON(r)
}

func (f *fileRun) command(ctx context.Context, a *runtime.Table) (runtime.Value, error) {
	line := a.GetStr("line")
	if !line.IsString() {
		return runtime.Nil, fmt.Errorf("give the slash line as a string (\"/name args\")")
	}
	h := f.sess.Host()
	name, _, ok := host.ParseSlash(line.AsString())
	if !ok {
		return runtime.Nil, fmt.Errorf("%q is not a slash command (it must start with '/' and a name)", line.AsString())
	}
	found := false
	var names []string
	for _, c := range h.Commands() {
		names = append(names, "/"+c.Name)
		found = found || c.Name == name
	}
	if !found {
		if len(names) == 0 {
			return runtime.Nil, fmt.Errorf("unknown command /%s (no commands are registered)", name)
		}
		return runtime.Nil, fmt.Errorf("unknown command /%s (registered: %s)", name, strings.Join(names, ", "))
	}
	out, err := h.RunCommand(ctx, line.AsString())
	r := map[string]any{"ok": err == nil, "output": out}
	if err != nil {
		r["error"] = err.Error()
	}
	return f.fromJSON(r)
}

func (f *fileRun) fire(ctx context.Context, a *runtime.Table) (runtime.Value, error) {
	name := a.GetStr("name")
	if !name.IsString() {
		return runtime.Nil, fmt.Errorf("the event name must be a string")
	}
	fields := map[string]runtime.Value{}
	if t := a.GetStr("fields").AsTable(); t != nil {
		for k, v, ok := t.Next(runtime.Nil); ok && !k.IsNil(); k, v, ok = t.Next(k) {
			if !k.IsString() {
				return runtime.Nil, fmt.Errorf("field names must be strings")
			}
			fields[k.AsString()] = v
		}
	}
	out, b, err := f.sess.Host().FireEvent(ctx, name.AsString(), fields)
	if err != nil {
		return runtime.Nil, err
	}
	ft := runtime.NewTable(0, len(out))
	for k, v := range out {
		ft.SetStr(k, v)
	}
	r := runtime.NewTable(0, 2)
	r.SetStr("fields", runtime.TableValue(ft))
	if b != nil {
		r.SetStr("block", runtime.Int(int64(f.block(b))))
		r.SetStr("custom", runtime.Bool(b.Custom()))
	}
	return runtime.TableValue(r), nil
}

var sgrOnce struct {
	sync.Once
	v *regexp.Regexp
}

func sgr() *regexp.Regexp {
	sgrOnce.Do(func() { sgrOnce.v = regexp.MustCompile("\x1b\\[[0-9;:]*m") })
	return sgrOnce.v
}

func (f *fileRun) render(ctx context.Context, a *runtime.Table) (runtime.Value, error) {
	id, _ := a.GetStr("block").ToInteger()
	if id < 1 || int(id) > len(f.blocks) {
		return runtime.Nil, fmt.Errorf("no such block")
	}
	w, ok := a.GetStr("width").ToInteger()
	if !ok || w < 1 {
		return runtime.Nil, fmt.Errorf("the width must be a positive integer")
	}
	rows := f.blocks[id-1].Render(ctx, int(w))
	out := runtime.NewTable(len(rows), 0)
	styled := a.GetStr("styled").Truthy()
	for i, r := range rows {
		if !styled {
			r = strings.TrimRight(sgr().ReplaceAllString(r, ""), " ")
		}
		out.SetInt(int64(i+1), runtime.String(r))
	}
	return runtime.TableValue(out), nil
}

// turn runs one user turn against the given script and reports what
// happened: the result, the tool calls with their results, the events,
// and the conversation.
func (f *fileRun) turn(ctx context.Context, a *runtime.Table) (runtime.Value, error) {
	prompt := a.GetStr("prompt")
	if !prompt.IsString() {
		return runtime.Nil, fmt.Errorf("give the user's message as prompt = \"...\"")
	}
	var sp *script.Protocol
	if m := a.GetStr("model"); m.IsString() {
		// A configured model (an extension's own protocol, say) instead
		// of the script, for this turn only.
		if err := f.sess.SetModel(m.AsString(), ""); err != nil {
			return runtime.Nil, err
		}
		defer f.sess.SetModel(testProvider+":"+testModel, "")
		sp = script.New("none", nil)
	} else {
		resps, name, err := f.scriptOf(a)
		if err != nil {
			return runtime.Nil, err
		}
		sp = script.New(name, resps)
	}
	f.mu.Lock()
	f.script, f.events = sp, nil
	f.mu.Unlock()
	before := len(f.sess.Agent().Conversation().Messages)
	res, err := f.sess.Prompt(ctx, prompt.AsString())
	if err != nil {
		return runtime.Nil, err
	}
	f.mu.Lock()
	events := f.events
	f.events = nil
	f.mu.Unlock()

	type call struct {
		ID     string          `json:"id"`
		Name   string          `json:"name"`
		Input  json.RawMessage `json:"input,omitempty"`
		Output string          `json:"output"`
		OK     bool            `json:"ok"`
	}
	type event struct {
		Type   string         `json:"type"`
		Fields map[string]any `json:"fields"`
	}
	type message struct {
		Role     string `json:"role"`
		Text     string `json:"text"`
		ToolName string `json:"tool_name,omitempty"`
		IsError  bool   `json:"is_error,omitempty"`
	}
	out := map[string]any{"status": res.Status, "text": res.Text, "requests": res.Requests, "remaining": sp.Remaining()}
	if res.Err != nil {
		out["error"] = res.Err.Error()
	}
	calls := []*call{}
	byID := map[string]*call{}
	evs := []event{}
	for _, e := range events {
		evs = append(evs, event{Type: e.Type, Fields: e.Fields})
		if e.Call == nil {
			continue
		}
		c := byID[e.Call.ID]
		if c == nil {
			c = &call{ID: e.Call.ID, Name: e.Call.Name}
			byID[e.Call.ID] = c
			calls = append(calls, c)
		}
		if e.Call.FinalInputJSON != "" {
			c.Input = json.RawMessage(e.Call.FinalInputJSON)
		}
		if e.Type == "tool_result" {
			c.Output, c.OK = e.Call.Output, e.Call.OK
		}
	}
	out["tool_calls"], out["events"] = calls, evs
	all := f.sess.Agent().Conversation()
	msgs := []message{}
	for _, m := range all.Messages[min(before, len(all.Messages)):] {
		msgs = append(msgs, message{Role: string(m.Role), Text: m.Text(), ToolName: m.ToolName, IsError: m.IsError})
	}
	out["messages"] = msgs
	out["transcript"] = (&conv.Conversation{Messages: all.Messages[min(before, len(all.Messages)):]}).Transcript()
	return f.fromJSON(out)
}

// scriptOf reads a turn's responses: script = { response, ... } (each
// encoded to one line of the script format), or script_file relative to
// the layer.
func (f *fileRun) scriptOf(a *runtime.Table) ([]script.Response, string, error) {
	if file := a.GetStr("script_file"); file.IsString() {
		p := filepath.Join(f.o.Dir, filepath.FromSlash(file.AsString()))
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, "", err
		}
		r, err := script.Parse(bytes.NewReader(data), file.AsString())
		return r, file.AsString(), err
	}
	t := a.GetStr("script").AsTable()
	if t == nil || t.Len() == 0 {
		return nil, "", fmt.Errorf("give the model's responses: script = { { text = \"...\" }, ... } or script_file = \"turns.jsonl\"")
	}
	var lines []string
	for i := int64(1); i <= t.Len(); i++ {
		s, err := f.toJSON(t.GetInt(i))
		if err != nil {
			return nil, "", fmt.Errorf("script response %d: %v", i, err)
		}
		lines = append(lines, s)
	}
	name := f.file + " script"
	r, err := script.Parse(strings.NewReader(strings.Join(lines, "\n")), name)
	return r, name, err
}
