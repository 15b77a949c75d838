package agent

import (
	"fmt"

	"panto/agent/conv"
	"panto/host"
	"panto/runtime"
)

// Messages cross into Lua (protocol requests, conversation:messages(),
// load_messages) as plain tables:
//
//	{ role = "user" | "assistant" | "tool" | "system" | "compaction",
//	  blocks = { { type = "text", text = ... },
//	             { type = "image", media_type = ..., data = ... },
//	             { type = "thinking", text = ..., signature = ... },
//	             { type = "tool_call", id = ..., name = ..., input = {...}, input_json = ... } },
//	  -- assistant: model, provider, usage = { input, output, cache_read, cache_write, reasoning }, stop_reason
//	  -- tool: tool_call_id, tool_name, is_error
//	  metadata = ... }
//
// and come back through the builders in the same shapes, so a snapshot's
// blocks can be fed back as they are.

func str(s string) runtime.Value { return runtime.String(s) }

func setOpt(t *runtime.Table, k, v string) {
	if v != "" {
		t.SetStr(k, str(v))
	}
}

// messageToLua converts one message.
func messageToLua(st *host.State, m *conv.Message) runtime.Value {
	t := runtime.NewTable(0, 8)
	t.SetStr("role", str(string(m.Role)))
	blocks := runtime.NewTable(len(m.Blocks), 0)
	for i, b := range m.Blocks {
		blocks.SetInt(int64(i+1), blockToLua(st, b))
	}
	t.SetStr("blocks", runtime.TableValue(blocks))
	switch m.Role {
	case conv.Assistant:
		setOpt(t, "model", m.Model)
		setOpt(t, "provider", m.Provider)
		setOpt(t, "stop_reason", string(m.StopReason))
		setOpt(t, "error", m.Error)
		if m.Usage != nil {
			t.SetStr("usage", usageToLua(*m.Usage))
		}
	case conv.Tool:
		t.SetStr("tool_call_id", str(m.ToolCallID))
		setOpt(t, "tool_name", m.ToolName)
		t.SetStr("is_error", runtime.Bool(m.IsError))
	}
	if len(m.Metadata) > 0 {
		if v, err := st.JSON().Decode(string(m.Metadata)); err == nil {
			t.SetStr("metadata", v)
		}
	}
	return runtime.TableValue(t)
}

func blockToLua(st *host.State, b conv.Block) runtime.Value {
	t := runtime.NewTable(0, 5)
	t.SetStr("type", str(string(b.Type)))
	switch b.Type {
	case conv.Text:
		t.SetStr("text", str(b.Text))
	case conv.Image:
		setOpt(t, "media_type", b.MediaType)
		t.SetStr("data", str(b.Data))
	case conv.Thinking:
		t.SetStr("text", str(b.Text))
		setOpt(t, "signature", b.Signature)
		if b.Redacted {
			t.SetStr("redacted", runtime.True)
		}
		setOpt(t, "data", b.Data)
		setOpt(t, "id", b.ID)
	case conv.ToolCall:
		t.SetStr("id", str(b.ID))
		t.SetStr("name", str(b.Name))
		args := b.Arguments
		if args == "" {
			args = "{}"
		}
		t.SetStr("input_json", str(args))
		if v, err := st.JSON().Decode(args); err == nil {
			t.SetStr("input", v)
		}
	}
	return runtime.TableValue(t)
}

func usageToLua(u conv.Usage) runtime.Value {
	t := runtime.NewTable(0, 5)
	for _, f := range []struct {
		k string
		v int64
	}{{"input", u.Input}, {"output", u.Output}, {"cache_read", u.CacheRead}, {"cache_write", u.CacheWrite}, {"reasoning", u.Reasoning}} {
		t.SetStr(f.k, runtime.Int(f.v))
	}
	return runtime.TableValue(t)
}

// messagesToLua converts a list, as a Lua array.
func messagesToLua(st *host.State, ms []conv.Message) runtime.Value {
	t := runtime.NewTable(len(ms), 0)
	for i := range ms {
		t.SetInt(int64(i+1), messageToLua(st, &ms[i]))
	}
	return runtime.TableValue(t)
}

// contentFromLua reads message content given to a builder: a string (one
// text block) or an array of blocks.
func contentFromLua(st *host.State, v runtime.Value, what string) ([]conv.Block, error) {
	if v.IsString() {
		return []conv.Block{conv.TextBlock(v.AsString())}, nil
	}
	t := v.AsTable()
	if t == nil {
		return nil, fmt.Errorf("%s: content must be a string or an array of blocks, got %s", what, v.TypeName())
	}
	n := t.Len()
	var out []conv.Block
	for i := int64(1); i <= n; i++ {
		b, err := blockFromLua(st, t.GetInt(i), fmt.Sprintf("%s: block %d", what, i))
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

func blockFromLua(st *host.State, v runtime.Value, what string) (conv.Block, error) {
	t := v.AsTable()
	if t == nil {
		return conv.Block{}, fmt.Errorf("%s must be a table, got %s", what, v.TypeName())
	}
	get := func(k string) (string, error) {
		f := t.GetStr(k)
		if f.IsNil() {
			return "", nil
		}
		if !f.IsString() {
			return "", fmt.Errorf("%s: '%s' must be a string, got %s", what, k, f.TypeName())
		}
		return f.AsString(), nil
	}
	typ, err := get("type")
	if err != nil {
		return conv.Block{}, err
	}
	b := conv.Block{Type: conv.BlockType(typ)}
	switch b.Type {
	case conv.Text:
		b.Text, err = get("text")
	case conv.Image:
		if b.MediaType, err = get("media_type"); err == nil {
			b.Data, err = get("data")
		}
	case conv.Thinking:
		if b.Text, err = get("text"); err == nil {
			if b.Signature, err = get("signature"); err == nil {
				if b.Data, err = get("data"); err == nil {
					b.ID, err = get("id")
				}
			}
		}
		b.Redacted = t.GetStr("redacted").Truthy()
	case conv.ToolCall:
		if b.ID, err = get("id"); err != nil {
			break
		}
		if b.Name, err = get("name"); err != nil {
			break
		}
		if b.Name == "" {
			return b, fmt.Errorf("%s: a tool_call block needs a name", what)
		}
		if in := t.GetStr("input"); !in.IsNil() {
			b.Arguments, err = st.JSON().Encode(in)
			if b.Arguments == "[]" {
				b.Arguments = "{}"
			}
		} else {
			b.Arguments, err = get("input_json")
		}
	default:
		return b, fmt.Errorf(`%s: type must be "text", "image", "thinking" or "tool_call", got %q`, what, typ)
	}
	return b, err
}
