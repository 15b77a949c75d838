// Package history prepares a conversation for the wire. Every model API
// insists that each tool call of an assistant message is answered by
// exactly one result right after it, and refuses the whole request
// otherwise; a session can break that rule (a turn cancelled between
// the call and its result, a result whose call was compacted away), so
// the protocols repair the pairing here rather than fail the turn.
package history

import (
	"panto/agent/conv"
)

// NotRun is the result text given to a call that has no result.
const NotRun = "No result: the call did not run (the turn was interrupted)."

// Pair returns msgs with every assistant message's tool calls followed
// by their results in call order: a missing result becomes an error
// result saying the call did not run, and a result that answers no
// preceding call (or answers one twice) becomes a user message quoting
// it, so nothing the model was told is lost. System and compaction
// messages are dropped (they travel separately). msgs is not modified.
func Pair(msgs []conv.Message) []conv.Message {
	out := make([]conv.Message, 0, len(msgs))
	for i := 0; i < len(msgs); i++ {
		m := msgs[i]
		switch m.Role {
		case conv.System, conv.Compaction:
			continue
		case conv.Tool:
			out = append(out, orphan(m))
			continue
		}
		out = append(out, m)
		calls := m.ToolCalls()
		if m.Role != conv.Assistant || len(calls) == 0 {
			continue
		}
		// The results that follow, by call id.
		j := i + 1
		results := map[string]conv.Message{}
		var strays []conv.Message
		for ; j < len(msgs) && (msgs[j].Role == conv.Tool || msgs[j].Role == conv.System); j++ {
			r := msgs[j]
			if r.Role == conv.System {
				continue
			}
			if _, dup := results[r.ToolCallID]; dup || !hasCall(calls, r.ToolCallID) {
				strays = append(strays, orphan(r))
				continue
			}
			results[r.ToolCallID] = r
		}
		for _, c := range calls {
			r, ok := results[c.ID]
			if !ok {
				r = conv.Message{Role: conv.Tool, ToolCallID: c.ID, ToolName: c.Name, IsError: true, Blocks: []conv.Block{conv.TextBlock(NotRun)}}
			}
			out = append(out, r)
		}
		out = append(out, strays...)
		i = j - 1
	}
	return out
}

func hasCall(calls []conv.Block, id string) bool {
	for _, c := range calls {
		if c.ID == id {
			return true
		}
	}
	return false
}

// orphan turns a result that answers no call into a user message.
func orphan(m conv.Message) conv.Message {
	name := m.ToolName
	if name == "" {
		name = "a tool"
	}
	head := "Result of " + name
	if m.IsError {
		head = "Error from " + name
	}
	blocks := []conv.Block{conv.TextBlock(head + " (call " + m.ToolCallID + "):")}
	blocks = append(blocks, m.Blocks...)
	return conv.Message{Role: conv.User, Blocks: blocks}
}

// Replayable reports whether m's reasoning (signed thinking, encrypted
// reasoning items) may be sent back on api to model: only the API and
// model that produced it can verify it, so a conversation that switched
// models drops the old reasoning rather than have the request refused.
// An empty API or model on m is taken to match.
func Replayable(m conv.Message, model string, apis ...string) bool {
	if m.Model != "" && m.Model != model {
		return false
	}
	if m.API == "" {
		return true
	}
	for _, a := range apis {
		if m.API == a {
			return true
		}
	}
	return false
}
