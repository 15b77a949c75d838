package host

import (
	"context"

	"panto/runtime"
)

// ReplayToolCall draws a tool call of a stored conversation (a resumed
// session, a branch of /tree) as it was drawn live: a finished call with
// its input and result, in a block that the tool's renderer may give its
// component through the tool_replay event. Only that event fires: the
// lifecycle events of a call that is over would run handlers meant for
// a live call (a hook, a counter) a second time. The call is collapsed,
// as a finished call of a live session is until Ctrl-O.
func (h *Host) ReplayToolCall(ctx context.Context, index int, name, id, inputJSON, output string, ok bool) *ToolCall {
	tc := &ToolCall{h: h, Index: index, ID: id, Name: name, InputJSON: inputJSON, FinalInputJSON: inputJSON,
		Input: runtime.Nil, Output: output, OK: ok, dispatched: true, done: true, collapsed: true}
	tc.Block = h.newBlock("tool", tc.nativeChunks)
	if h.vm == nil {
		return tc
	}
	in, err := h.decodeInput(inputJSON)
	if err != nil {
		in = runtime.TableValue(runtime.NewTable(0, 0))
	}
	tc.Input = in
	tc.fire(ctx, "tool_replay", tc.fields(fieldValues{"input": in, "output": str(output), "result_ok": runtime.Bool(ok)}))
	return tc
}
