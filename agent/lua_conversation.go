package agent

import (
	"encoding/json"
	"fmt"
	"time"

	"panto/agent/conv"
	"panto/agent/store"
	"panto/runtime"
)

// luaConv is a conversation userdata: standalone (panto.conversation(),
// store:load) or a live view of an agent's conversation
// (agent:conversation()), whose builders persist through the agent's
// store.
type luaConv struct {
	own *conv.Conversation
	a   *Agent
}

// view runs f with the conversation, locked when it is an agent's.
func (c *luaConv) view(f func(*conv.Conversation)) {
	if c.a == nil {
		f(c.own)
		return
	}
	c.a.mu.Lock()
	defer c.a.mu.Unlock()
	f(c.a.conv)
}

// add appends a message built from Lua.
func (c *luaConv) add(L *runtime.State, m conv.Message) {
	m.Time = time.Now()
	if c.a == nil {
		c.own.Append(m)
		return
	}
	if err := c.a.mutable(); err != nil {
		L.Errorf("%v", err)
	}
	if _, err := c.a.appendMessage(m); err != nil {
		L.Errorf("conversation: %v", err)
	}
}

// mutable refuses changes while a turn or a job runs on the agent.
func (a *Agent) mutable() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.job != nil && !a.job.settled() {
		return fmt.Errorf("the agent has a live job: wait for its result or close it before changing the conversation")
	}
	if a.running {
		return fmt.Errorf("the agent's turn is running: the conversation cannot change until it ends")
	}
	return nil
}

func (b *bindings) newConversation(L *runtime.State) int {
	L.Push(b.convValue(&luaConv{own: &conv.Conversation{}}))
	return 1
}

func (b *bindings) convValue(c *luaConv) runtime.Value {
	return runtime.UserdataValue(runtime.NewUserdata(c, b.convMT))
}

func (b *bindings) checkConv(L *runtime.State) *luaConv {
	return checkUD[*luaConv](L, 1, b.convMT, "panto.conversation")
}

func (b *bindings) convMethods() map[string]func(*runtime.State) int {
	builder := func(role conv.Role) func(*runtime.State) int {
		return func(L *runtime.State) int {
			c := b.checkConv(L)
			blocks, err := contentFromLua(b.st, L.CheckAny(2), string(role))
			if err != nil {
				L.Errorf("%v", err)
			}
			if role == conv.System {
				for _, bl := range blocks {
					if bl.Type != conv.Text {
						L.Errorf("system: a system message holds text only")
					}
				}
			}
			if role == conv.User {
				for _, bl := range blocks {
					if bl.Type == conv.ToolCall || bl.Type == conv.Thinking {
						L.Errorf("user: a user message cannot hold %s blocks", bl.Type)
					}
				}
			}
			c.add(L, conv.Message{Role: role, Blocks: blocks})
			L.Push(L.Arg(1))
			return 1
		}
	}
	return map[string]func(*runtime.State) int{
		"system":    builder(conv.System),
		"user":      builder(conv.User),
		"assistant": builder(conv.Assistant),
		"tool_result": func(L *runtime.State) int {
			c := b.checkConv(L)
			t := L.CheckTable(2)
			id := stringField(L, t, "tool_result", "tool_call_id")
			if id == "" {
				L.Errorf("tool_result: 'tool_call_id' is required")
			}
			content := t.GetStr("content")
			if content.IsNil() {
				content = str("")
			}
			blocks, err := contentFromLua(b.st, content, "tool_result")
			if err != nil {
				L.Errorf("%v", err)
			}
			c.add(L, conv.Message{Role: conv.Tool, ToolCallID: id, ToolName: stringField(L, t, "tool_result", "tool_name"),
				IsError: t.GetStr("is_error").Truthy(), Blocks: blocks})
			L.Push(L.Arg(1))
			return 1
		},
		"compaction": func(L *runtime.State) int {
			c := b.checkConv(L)
			summary := L.CheckString(2)
			if c.a != nil {
				if err := c.a.mutable(); err != nil {
					L.Errorf("%v", err)
				}
				if err := b.s.compactWith(c.a, summary); err != nil {
					L.Errorf("compaction: %v", err)
				}
			} else {
				c.own.Append(conv.Message{Role: conv.Compaction, Blocks: []conv.Block{conv.TextBlock(summary)}, Time: time.Now()})
			}
			L.Push(L.Arg(1))
			return 1
		},
		"messages": func(L *runtime.State) int {
			c := b.checkConv(L)
			var ms []conv.Message
			c.view(func(cv *conv.Conversation) { ms = cv.Snapshot() })
			L.Push(messagesToLua(b.st, ms))
			return 1
		},
		"transcript": func(L *runtime.State) int {
			c := b.checkConv(L)
			var s string
			c.view(func(cv *conv.Conversation) { s = cv.Transcript() })
			L.PushString(s)
			return 1
		},
		"len": b.convLen,
		"message_metadata": func(L *runtime.State) int {
			c := b.checkConv(L)
			i := L.CheckInteger(2)
			var md json.RawMessage
			ok := false
			c.view(func(cv *conv.Conversation) {
				if i >= 1 && i <= int64(cv.Len()) {
					ok = true
					md = cv.Messages[i-1].Metadata
				}
			})
			if !ok {
				L.ArgError(2, "message index out of range")
			}
			if len(md) == 0 {
				L.Push(runtime.Nil)
				return 1
			}
			v, err := b.st.JSON().Decode(string(md))
			if err != nil {
				L.Push(runtime.Nil)
				return 1
			}
			L.Push(v)
			return 1
		},
		"set_message_metadata": func(L *runtime.State) int {
			c := b.checkConv(L)
			i := L.CheckInteger(2)
			md := b.metadataArg(L, 3, "set_message_metadata")
			ok := false
			c.view(func(cv *conv.Conversation) {
				if i >= 1 && i <= int64(cv.Len()) {
					ok = true
					cv.Messages[i-1].Metadata = md
				}
			})
			if !ok {
				L.ArgError(2, "message index out of range")
			}
			return 0
		},
	}
}

func (b *bindings) convLen(L *runtime.State) int {
	c := b.checkConv(L)
	n := 0
	c.view(func(cv *conv.Conversation) { n = cv.Len() })
	L.Push(runtime.Int(int64(n)))
	return 1
}

// metadataArg encodes a metadata value (nil clears it).
func (b *bindings) metadataArg(L *runtime.State, n int, fn string) json.RawMessage {
	v := L.Arg(n)
	if v.IsNil() {
		return nil
	}
	enc, err := b.st.JSON().Encode(v)
	if err != nil {
		L.Errorf("%s: metadata must encode as JSON: %v", fn, err)
	}
	return json.RawMessage(enc)
}

// compactWith records an extension-supplied summary for an agent: it
// stands for everything before it (nothing is kept).
func (s *Session) compactWith(a *Agent, summary string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	// It carries what everything before it cost (see compactKeeping).
	var spent []conv.Spend
	if l := spentOn(a.conv); len(l) > 0 {
		spent = l.spends()
	}
	m := conv.Message{Role: conv.Compaction, Blocks: []conv.Block{conv.TextBlock(summary)}, Time: time.Now(), TokensBefore: a.lastCtx, SpentBefore: spent}
	if a.rec != nil {
		e := &store.Entry{Type: store.TypeCompaction, Summary: summary, TokensBefore: a.lastCtx, SpentBefore: spent}
		if err := a.rec.Append(e); err != nil {
			return err
		}
		m.ID, m.ParentID = e.ID, e.ParentID
	}
	a.conv.Append(m)
	a.forgetCompacted()
	return nil
}
