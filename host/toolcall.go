package host

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"panto/runtime"
	"panto/runtime/luv"
)

// Attachment is a result part besides the text.
type Attachment struct {
	MediaType string // may be empty: the spec makes it optional
	Data      string
}

// ToolCall is one tool call going through the lifecycle events:
//
//	tool -> tool_details -> tool_delta* -> tool_call_complete
//	     -> tool_dispatch_start -> tool_output_delta -> tool_result
//	     (-> tool_collapse whenever the block is collapsed or expanded)
//
// A session drives it from the provider's stream; CallTool drives it
// from a name and a JSON input.
type ToolCall struct {
	h     *Host
	Index int
	ID    string
	Name  string
	// InputJSON is the raw argument text accumulated so far.
	InputJSON string
	// input accumulates InputJSON without copying it for every delta.
	input strings.Builder
	// Input is the decoded input (a Lua table) once the call is complete,
	// as tool_call_complete handlers left it.
	Input runtime.Value
	// Output, OK and Attachments are the result once it ran, with
	// tool_result handlers' overrides applied to Output.
	Output      string
	OK          bool
	Attachments []Attachment
	// FinalInputJSON is the input the handler received, as JSON: the
	// arguments after tool_call_complete handlers rewrote them.
	FinalInputJSON string
	// Block is the call's transcript block.
	Block *Block
	// OnOutput, when set, learns each piece of output the handler streams
	// (context.output), on the owner: a session's observers show it.
	OnOutput func(delta string)

	stream streamed

	task                                *luv.Task
	tool                                *Tool
	native                              *NativeResult // a native tool's result
	collapsed, dispatched, done, failed bool
	quiet                               bool
}

// toolFields are the fields every tool event after "tool" carries.
func (tc *ToolCall) fields(extra fieldValues) fieldValues {
	f := fieldValues{
		"index": runtime.Int(int64(tc.Index)), "tool_name": str(tc.Name),
		"id": str(tc.ID), "collapsed": runtime.Bool(tc.collapsed),
	}
	for k, v := range extra {
		f[k] = v
	}
	return f
}

// BeginToolCall starts a call at a position of the assistant message
// (1-based) and fires "tool".
func (h *Host) BeginToolCall(ctx context.Context, index int) *ToolCall {
	tc := &ToolCall{h: h, Index: index, Input: runtime.Nil}
	tc.Block = h.newBlock("tool", tc.nativeChunks)
	tc.fire(ctx, "tool", fieldValues{"index": runtime.Int(int64(index)), "collapsed": runtime.False})
	return tc
}

// BeginQuietToolCall starts a call that fires no events: a call made for
// an owned agent or a job, whose transcript is not the session's. It is
// validated and dispatched like any other.
func (h *Host) BeginQuietToolCall(index int) *ToolCall {
	tc := &ToolCall{h: h, Index: index, Input: runtime.Nil, quiet: true}
	tc.Block = h.newBlock("tool", tc.nativeChunks)
	return tc
}

// fire fires one of the call's lifecycle events, unless it is quiet.
func (tc *ToolCall) fire(ctx context.Context, name string, f fieldValues) fieldValues {
	if tc.quiet {
		return f
	}
	return tc.h.fire(ctx, name, tc.Block, f)
}

// Details records the tool name and call id and fires tool_details.
func (tc *ToolCall) Details(ctx context.Context, name, id string) {
	tc.Name, tc.ID = name, id
	tc.fire(ctx, "tool_details", tc.fields(nil))
}

// ArgumentDelta appends a chunk of the JSON arguments and fires
// tool_delta.
func (tc *ToolCall) ArgumentDelta(ctx context.Context, delta string) {
	tc.input.WriteString(delta)
	tc.InputJSON = tc.input.String()
	tc.Block.touch()
	tc.fire(ctx, "tool_delta", tc.fields(fieldValues{"delta": str(delta), "input": str(tc.InputJSON)}))
}

// Complete decodes the arguments (empty means {}) and fires
// tool_call_complete, whose handlers may replace the input. An input that
// is not a JSON object is an error and no event fires.
func (tc *ToolCall) Complete(ctx context.Context) error {
	in, err := tc.h.decodeInput(tc.InputJSON)
	if err != nil {
		return err
	}
	f := tc.fire(ctx, "tool_call_complete", tc.fields(fieldValues{"input": in}))
	tc.Input = f["input"]
	return nil
}

// ReplaceInput gives the call another input before it is dispatched
// (a PreToolUse hook's updatedInput): a JSON object, checked against the
// tool's schema at dispatch like the model's.
func (tc *ToolCall) ReplaceInput(text string) error {
	in, err := tc.h.decodeInput(text)
	if err != nil {
		return err
	}
	tc.Input, tc.InputJSON = in, text
	return nil
}

// decodeInput turns tool arguments into the table a handler receives.
func (h *Host) decodeInput(text string) (runtime.Value, error) {
	if text == "" {
		text = "{}"
	}
	v, err := h.vm.json.Decode(text)
	if err != nil {
		return runtime.Nil, fmt.Errorf("tool input: %v", err)
	}
	t := v.AsTable()
	if t == nil || h.vm.json.IsArray(t) {
		return runtime.Nil, fmt.Errorf("tool input must be a JSON object, got %s", text)
	}
	return v, nil
}

// Run dispatches the call and awaits its result: Dispatch then Await.
func (tc *ToolCall) Run(ctx context.Context) {
	tc.Dispatch(ctx, nil)
	tc.Await(ctx)
}

// Dispatch fires tool_dispatch_start and starts the handler as a
// coroutine, which runs up to its first await; lane tags the coroutine
// (luv.Loop.Tag) with whom the call runs for. An unknown tool or an
// input its schema rejects does not start: the call gets an error result
// at Await. Several calls of one assistant message are dispatched first
// and awaited after, so their handlers interleave while they await.
func (tc *ToolCall) Dispatch(ctx context.Context, lane any) {
	h := tc.h
	tc.dispatched = true
	tc.Block.touch()
	tc.fire(ctx, "tool_dispatch_start", tc.fields(fieldValues{"input": tc.Input}))
	if tc.failed {
		return
	}
	tool := tc.tool
	if tool == nil {
		tool = h.lookupTool(h.vm.reg, tc.Name)
	}
	if tool == nil {
		tc.fail(fmt.Sprintf("unknown tool '%s'%s", tc.Name, h.toolHint()))
		return
	}
	in, err := h.vm.json.Encode(tc.Input)
	if in == "[]" { // an empty table encodes as an array
		in = "{}"
	}
	if err == nil && tool.schema != nil {
		err = tool.schema.validate(in)
	}
	if err != nil {
		tc.fail(fmt.Sprintf("invalid input for tool '%s': %v", tc.Name, err))
		return
	}
	tc.FinalInputJSON = in
	tctx := runtime.NewTable(0, 3)
	tctx.SetStr("tool_call_id", str(tc.ID))
	tctx.SetStr("tool_name", str(tc.Name))
	tctx.SetStr("output", runtime.NewFunction("output", tc.streamOutput))
	handler := tool.Handler
	if tool.Run != nil {
		handler = tc.nativeHandler(tool.Run, in)
	}
	leave := h.vm.enter(ctx)
	tc.task = h.vm.loop.StartTagged(ctx, lane, handler, tc.Input, runtime.TableValue(tctx))
	leave()
	tc.tool = tool
}

// fail records an error result for a call that cannot run.
func (tc *ToolCall) fail(msg string) {
	tc.Output, tc.OK, tc.failed = msg, false, true
}

// toolHint names the registered tools for an unknown tool's result,
// which the model reads: it may have misspelt one.
func (h *Host) toolHint() string {
	tools := h.allTools(h.vm.reg)
	names := make([]string, 0, len(tools))
	for _, t := range tools {
		names = append(names, t.Name)
	}
	if len(names) == 0 {
		return " (no tools are registered)"
	}
	return " (available: " + strings.Join(names, ", ") + ")"
}

// Await waits for the handler (turning the loop, which advances every
// other dispatched call as well), then fires the last tool_output_delta
// (partial false: the result) and tool_result, whose handlers may replace
// the output text. A handler that failed (or was cancelled) after
// streaming output keeps that output before its error. A failing
// handler, an unknown tool, invalid input and a result of the wrong type
// give OK false and the error as the output: the model sees what went
// wrong, the session goes on.
func (tc *ToolCall) Await(ctx context.Context) {
	h := tc.h
	if tc.done {
		return
	}
	if !tc.failed {
		if tc.task == nil {
			tc.Dispatch(ctx, nil)
		}
		if tc.task != nil {
			leave := h.vm.enter(ctx)
			res, err := tc.task.Wait()
			leave()
			if err == nil && tc.native != nil {
				tc.Output, tc.Attachments, tc.OK = tc.native.Text, tc.native.Attachments, !tc.native.IsError
			} else {
				tc.Output, tc.Attachments, tc.OK = h.handlerResult(tc.tool, res, err)
			}
			tc.keepStreamed()
		}
	}
	tc.done = true
	tc.Block.touch()
	// A cancelled call still reports its (error) result: the handlers of
	// the closing events run even though the call's context is done,
	// still bounded by the loop's budget.
	if ctx.Err() != nil {
		ctx = context.WithoutCancel(ctx)
	}
	tc.fire(ctx, "tool_output_delta", tc.fields(fieldValues{"delta": str(tc.ResultDelta()), "output": str(tc.Output), "partial": runtime.False}))
	f := tc.fire(ctx, "tool_result", tc.fields(fieldValues{"output": str(tc.Output), "result_ok": runtime.Bool(tc.OK)}))
	tc.Output = f["output"].AsString()
}

// OnFinished arranges for f to run on the owner once the handler has
// returned (at once when it has, or when the call could not start), so a
// session learns it without polling. f must not run Lua.
func (tc *ToolCall) OnFinished(f func()) {
	if tc.failed || tc.task == nil {
		f()
		return
	}
	tc.task.OnDone(f)
}

// Fail gives the call an error result without running it: a session
// refuses a tool its agent may not use this way.
func (tc *ToolCall) Fail(msg string) {
	tc.dispatched = true
	tc.fail(msg)
}

// Bind makes the call run tool instead of the registered tool of its
// name: an owned agent's own tools (agent:register_tool) are not in the
// host's registry.
func (tc *ToolCall) Bind(tool *Tool) { tc.tool = tool }

// Collapsed reports whether the block is collapsed.
func (tc *ToolCall) Collapsed() bool { return tc.collapsed }

// Done reports whether the call has its result.
func (tc *ToolCall) Done() bool { return tc.done }

// Finished reports whether the handler has returned (or the call could
// not start), so Await would not wait.
func (tc *ToolCall) Finished() bool { return tc.failed || (tc.task != nil && tc.task.Done()) }

// handlerResult checks what a handler returned (or how it failed).
func (h *Host) handlerResult(tool *Tool, res []runtime.Value, err error) (string, []Attachment, bool) {
	if err != nil {
		return firstLine(err.Error()), nil, false
	}
	ret := runtime.Nil
	if len(res) > 0 {
		ret = res[0]
	}
	text, atts, err := toolResult(ret)
	if err != nil {
		return fmt.Sprintf("tool '%s' (%s): %v", tool.Name, tool.Source, err), nil, false
	}
	return text, atts, true
}

// toolResult checks a handler's return value: a string, or
// { text = "...", attachments = { { media_type = "...", data = "..." } } }.
func toolResult(v runtime.Value) (string, []Attachment, error) {
	if v.IsString() {
		return v.AsString(), nil, nil
	}
	t := v.AsTable()
	if t == nil {
		return "", nil, fmt.Errorf("the handler returned %s; a tool handler must return a string or { text, attachments }", describe(v))
	}
	text := t.GetStr("text")
	attsV := t.GetStr("attachments")
	if text.IsNil() && attsV.IsNil() {
		return "", nil, fmt.Errorf("the handler returned a table without text or attachments; a tool handler must return a string or { text, attachments }")
	}
	if !text.IsNil() && !text.IsString() {
		return "", nil, fmt.Errorf("the result's text must be a string, got %s", text.TypeName())
	}
	var atts []Attachment
	if !attsV.IsNil() {
		at := attsV.AsTable()
		n, dense := int64(0), false
		if at != nil {
			n, dense = isDenseArray(at)
		}
		if !dense {
			return "", nil, fmt.Errorf("the result's attachments must be an array of { media_type?, data } tables")
		}
		for i := int64(1); i <= n; i++ {
			a := at.GetInt(i).AsTable()
			if a == nil {
				return "", nil, fmt.Errorf("attachment %d must be a table { media_type?, data }", i)
			}
			data, mt := a.GetStr("data"), a.GetStr("media_type")
			if !data.IsString() {
				return "", nil, fmt.Errorf("attachment %d: data must be a string, got %s", i, data.TypeName())
			}
			if !mt.IsNil() && !mt.IsString() {
				return "", nil, fmt.Errorf("attachment %d: media_type must be a string, got %s", i, mt.TypeName())
			}
			a2 := Attachment{Data: data.AsString()}
			if mt.IsString() {
				a2.MediaType = mt.AsString()
			}
			atts = append(atts, a2)
		}
	}
	s := ""
	if text.IsString() {
		s = text.AsString()
	}
	return s, atts, nil
}

// SetCollapsed collapses or expands the block and fires tool_collapse
// with the current input and output.
func (tc *ToolCall) SetCollapsed(ctx context.Context, collapsed bool) {
	tc.collapsed = collapsed
	tc.Block.touch()
	in := tc.Input
	if in.IsNil() {
		in = runtime.TableValue(runtime.NewTable(0, 0))
	}
	out := runtime.Nil
	if tc.done {
		out = str(tc.Output)
	}
	tc.fire(ctx, "tool_collapse", tc.fields(fieldValues{"input": in, "output": out}))
}

// CallTool runs one tool outside a model turn (panto run --tool): the
// whole lifecycle with the input as a single argument delta, so event
// handlers apply as in a session. The error is for calls that cannot
// start (unknown tool, input that is not a JSON object); a failing
// handler is a result with OK false.
func (h *Host) CallTool(ctx context.Context, name, inputJSON string) (*ToolCall, error) {
	if h.vm == nil {
		return nil, errClosed
	}
	if h.lookupTool(h.vm.reg, name) == nil {
		return nil, fmt.Errorf("unknown tool '%s'%s", name, h.known("tools", len(h.allTools(h.vm.reg))))
	}
	if _, err := h.decodeInput(inputJSON); err != nil {
		return nil, err
	}
	h.calls++
	tc := h.BeginToolCall(ctx, 1)
	tc.Details(ctx, name, "call_"+strconv.Itoa(h.calls))
	tc.ArgumentDelta(ctx, inputJSON)
	if err := tc.Complete(ctx); err != nil {
		return nil, err
	}
	tc.Run(ctx)
	return tc, nil
}

// known hints at what exists when a name is not found.
func (h *Host) known(what string, n int) string {
	if n == 0 {
		return " (no " + what + " are registered)"
	}
	return " (see --list for the registered " + what + ")"
}
