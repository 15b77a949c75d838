package openai

import (
	"fmt"
	"strings"
	"testing"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/provider/internal/wiretest"
)

// dataLines makes an SSE body of data-only events; Responses events
// carry their type in the payload too.
func dataLines(events ...string) []byte {
	var b strings.Builder
	for _, e := range events {
		fmt.Fprintf(&b, "data: %s\n\n", e)
	}
	return []byte(b.String())
}

func delta(d string) string { return `{"choices":[{"index":0,"delta":` + d + `}]}` }

func finish(reason string) string {
	return `{"choices":[{"index":0,"delta":{},"finish_reason":"` + reason + `"}]}`
}

type edgeCase struct {
	name    string
	body    []byte
	want    wiretest.Result
	kind    provider.Kind
	message string
}

func runEdges(t *testing.T, cases []edgeCase, dec func() wiretest.Decoder) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, problem := wiretest.Drive(c.body, dec())
			if problem != "" {
				t.Fatalf("stream contract broken: %s", problem)
			}
			wiretest.Check(t, got, c.want, c.kind, c.message)
		})
	}
}

// TestChatDecodeEdges: calls keyed by index, by id, or by neither;
// ids repeated in every delta; finish reasons; usage variants; choices
// other than the first.
func TestChatDecodeEdges(t *testing.T) {
	call := func(index, id, name, args string) string {
		idx := ""
		if index != "" {
			idx = `"index":` + index + `,`
		}
		return delta(fmt.Sprintf(`{"tool_calls":[{%s"id":%q,"function":{"name":%q,"arguments":%q}}]}`, idx, id, name, args))
	}
	cases := []edgeCase{
		{name: "the id repeated in every delta of one call",
			body: dataLines(call("0", "c1", "read", `{"p":`), call("0", "c1", "", `1}`), finish("tool_calls"), "[DONE]"),
			want: wiretest.Result{Calls: []wiretest.Call{{ID: "c1", Name: "read", Arguments: `{"p":1}`, Ended: true}}, Stop: conv.StopToolUse}},
		{name: "an index reused with a new id starts a call",
			body: dataLines(call("0", "c1", "a", `{}`), call("0", "c2", "b", `{}`), finish("tool_calls"), "[DONE]"),
			want: wiretest.Result{Calls: []wiretest.Call{{ID: "c1", Name: "a", Arguments: `{}`, Ended: true}, {ID: "c2", Name: "b", Arguments: `{}`, Ended: true}}, Stop: conv.StopToolUse}},
		{name: "an index whose call had no id takes the id",
			body: dataLines(call("0", "", "a", `{"x"`), call("0", "late", "", `:2}`), finish("tool_calls"), "[DONE]"),
			want: wiretest.Result{Calls: []wiretest.Call{{ID: "", Name: "a", Arguments: `{"x":2}`, Ended: true}}, Stop: conv.StopToolUse}},
		{name: "whole calls without an index, told apart by id",
			body: dataLines(call("", "c1", "a", `{"n":1}`), call("", "c1", "", ``), call("", "c2", "b", `{"n":2}`), call("", "", "", ``), finish("stop"), "[DONE]"),
			want: wiretest.Result{Calls: []wiretest.Call{{ID: "c1", Name: "a", Arguments: `{"n":1}`, Ended: true}, {ID: "c2", Name: "b", Arguments: `{"n":2}`, Ended: true}}, Stop: conv.StopToolUse}},
		{name: "a delta with neither index nor id before any call",
			body: dataLines(call("", "", "a", `{}`), "[DONE]"),
			kind: provider.Server, message: "no call"},
		{name: "deltas after the finish are dropped",
			body: dataLines(call("0", "c1", "a", `{}`), finish("tool_calls"), call("0", "", "", `junk`), "[DONE]"),
			want: wiretest.Result{Calls: []wiretest.Call{{ID: "c1", Name: "a", Arguments: `{}`, Ended: true}}, Stop: conv.StopToolUse}},
		{name: "a call with no arguments has the empty object",
			body: dataLines(call("3", "c1", "ls", ``), "[DONE]"),
			want: wiretest.Result{Calls: []wiretest.Call{{ID: "c1", Name: "ls", Arguments: `{}`, Ended: true}}, Stop: conv.StopToolUse}},
		{name: "length after tool calls stays length",
			body: dataLines(call("0", "c1", "a", `{}`), finish("length"), "[DONE]"),
			want: wiretest.Result{Calls: []wiretest.Call{{ID: "c1", Name: "a", Arguments: `{}`, Ended: true}}, Stop: conv.StopLength}},
		{name: "function_call is tool use",
			body: dataLines(delta(`{"content":"x"}`), finish("function_call"), "[DONE]"),
			want: wiretest.Result{Text: "x", Stop: conv.StopToolUse}},
		{name: "content_filter ends",
			body: dataLines(delta(`{"content":"x"}`), finish("content_filter"), "[DONE]"),
			want: wiretest.Result{Text: "x", Stop: conv.StopEnd}},
		{name: "length",
			body: dataLines(delta(`{"content":"x"}`), finish("length"), "[DONE]"),
			want: wiretest.Result{Text: "x", Stop: conv.StopLength}},
		{name: "[DONE] without a finish reason",
			body: dataLines(delta(`{"content":"x"}`), " [DONE] "),
			want: wiretest.Result{Text: "x", Stop: conv.StopEnd}},
		{name: "the body ends after the finish reason",
			body: dataLines(delta(`{"content":"x"}`), finish("stop")),
			want: wiretest.Result{Text: "x", Stop: conv.StopEnd}},
		{name: "the body ends before any finish reason",
			body: dataLines(delta(`{"content":"x"}`)),
			want: wiretest.Result{Text: "x"}, kind: provider.Transport, message: "before finish_reason"},
		{name: "a second choice is ignored",
			body: dataLines(`{"choices":[{"index":1,"delta":{"content":"other"}},{"index":0,"delta":{"content":"mine"}}]}`, finish("stop"), "[DONE]"),
			want: wiretest.Result{Text: "mine", Stop: conv.StopEnd}},
		{name: "refusal is text",
			body: dataLines(delta(`{"refusal":"no."}`), finish("stop"), "[DONE]"),
			want: wiretest.Result{Text: "no.", Stop: conv.StopEnd}},
		{name: "reasoning, text, reasoning: two thinking blocks",
			body: dataLines(delta(`{"reasoning_content":"a"}`), delta(`{"reasoning":"b"}`), delta(`{"content":"t"}`), delta(`{"reasoning_content":"c"}`), finish("stop"), "[DONE]"),
			want: wiretest.Result{Text: "t", Thinking: []wiretest.Thinking{{Text: "ab"}, {Text: "c"}}, Stop: conv.StopEnd}},
		{name: "reasoning after a tool call starts a new block",
			body: dataLines(delta(`{"reasoning":"a"}`), call("0", "c1", "f", `{}`), delta(`{"reasoning":"b"}`), finish("tool_calls"), "[DONE]"),
			want: wiretest.Result{Thinking: []wiretest.Thinking{{Text: "a"}, {Text: "b"}}, Calls: []wiretest.Call{{ID: "c1", Name: "f", Arguments: `{}`, Ended: true}}, Stop: conv.StopToolUse}},
		{name: "a null error is no error",
			body: dataLines(`{"error":null,"choices":[{"index":0,"delta":{"content":"ok"}}]}`, finish("stop"), "[DONE]"),
			want: wiretest.Result{Text: "ok", Stop: conv.StopEnd}},
		{name: "an error object in the stream",
			body: dataLines(delta(`{"content":"so far"}`), `{"error":{"message":"internal failure","type":"server_error"}}`),
			want: wiretest.Result{Text: "so far"}, kind: provider.Server, message: "internal failure"},
		{name: "an event that is not JSON",
			body: dataLines(`{"choices":`),
			kind: provider.Server, message: "unreadable"},
		{name: "cached tokens from the details win over DeepSeek's field",
			body: dataLines(delta(`{"content":"x"}`), finish("stop"),
				`{"choices":[],"usage":{"prompt_tokens":100,"completion_tokens":7,"prompt_tokens_details":{"cached_tokens":30},"prompt_cache_hit_tokens":50,"completion_tokens_details":{"reasoning_tokens":4}}}`, "[DONE]"),
			want: wiretest.Result{Text: "x", Stop: conv.StopEnd, Usage: conv.Usage{Input: 70, CacheRead: 30, Output: 7, Reasoning: 4}}},
		{name: "DeepSeek's cache field when the details say zero",
			body: dataLines(delta(`{"content":"x"}`), finish("stop"),
				`{"choices":[],"usage":{"prompt_tokens":100,"completion_tokens":7,"prompt_tokens_details":{"cached_tokens":0},"prompt_cache_hit_tokens":50}}`, "[DONE]"),
			want: wiretest.Result{Text: "x", Stop: conv.StopEnd, Usage: conv.Usage{Input: 50, CacheRead: 50, Output: 7}}},
		{name: "a single cached token counts",
			body: dataLines(delta(`{"content":"x"}`), finish("stop"),
				`{"choices":[],"usage":{"prompt_tokens":100,"completion_tokens":7,"prompt_tokens_details":{"cached_tokens":1}}}`, "[DONE]"),
			want: wiretest.Result{Text: "x", Stop: conv.StopEnd, Usage: conv.Usage{Input: 99, CacheRead: 1, Output: 7}}},
		{name: "more cached than prompted never gives negative input",
			body: dataLines(delta(`{"content":"x"}`), finish("stop"),
				`{"choices":[],"usage":{"prompt_tokens":10,"completion_tokens":1,"prompt_cache_hit_tokens":50}}`, "[DONE]"),
			want: wiretest.Result{Text: "x", Stop: conv.StopEnd, Usage: conv.Usage{Input: 0, CacheRead: 50, Output: 1}}},
	}
	runEdges(t, cases, func() wiretest.Decoder { return newChatDecoder() })
}

// TestResponsesDecodeEdges: items that never started, arguments only in
// the done events, calls open at completion, reasoning summaries in
// parts, and the ways a response ends.
func TestResponsesDecodeEdges(t *testing.T) {
	added := func(index int, item string) string {
		return fmt.Sprintf(`{"type":"response.output_item.added","output_index":%d,"item":%s}`, index, item)
	}
	done := func(index int, item string) string {
		return fmt.Sprintf(`{"type":"response.output_item.done","output_index":%d,"item":%s}`, index, item)
	}
	fcall := func(id, name, args string) string {
		return fmt.Sprintf(`{"type":"function_call","call_id":%q,"name":%q,"arguments":%q}`, id, name, args)
	}
	argDelta := func(index int, d string) string {
		return fmt.Sprintf(`{"type":"response.function_call_arguments.delta","output_index":%d,"delta":%q}`, index, d)
	}
	argDone := func(index int, a string) string {
		return fmt.Sprintf(`{"type":"response.function_call_arguments.done","output_index":%d,"arguments":%q}`, index, a)
	}
	summary := func(index, part int, d string) string {
		return fmt.Sprintf(`{"type":"response.reasoning_summary_text.delta","output_index":%d,"summary_index":%d,"delta":%q}`, index, part, d)
	}
	text := func(d string) string { return fmt.Sprintf(`{"type":"response.output_text.delta","delta":%q}`, d) }
	completed := `{"type":"response.completed","response":{"status":"completed","usage":{"input_tokens":100,"output_tokens":9,"input_tokens_details":{"cached_tokens":40},"output_tokens_details":{"reasoning_tokens":3}}}}`
	usage := conv.Usage{Input: 60, CacheRead: 40, Output: 9, Reasoning: 3}
	cases := []edgeCase{
		{name: "arguments only in the done event",
			body: dataLines(added(0, fcall("c1", "read", "")), argDone(0, `{"p":1}`), done(0, fcall("c1", "read", `{"p":1}`)), completed),
			want: wiretest.Result{Calls: []wiretest.Call{{ID: "c1", Name: "read", Arguments: `{"p":1}`, Ended: true}}, Stop: conv.StopToolUse, Usage: usage}},
		{name: "arguments in the arguments' done event and not in the item's",
			body: dataLines(added(0, fcall("c1", "read", "")), argDone(0, `{"p":1}`), done(0, fcall("c1", "read", "")), completed),
			want: wiretest.Result{Calls: []wiretest.Call{{ID: "c1", Name: "read", Arguments: `{"p":1}`, Ended: true}}, Stop: conv.StopToolUse, Usage: usage}},
		{name: "an arguments done event for an item that never started is ignored",
			body: dataLines(argDone(7, `{"p":1}`), text("t"), completed),
			want: wiretest.Result{Text: "t", Stop: conv.StopEnd, Usage: usage}},
		{name: "arguments only in the item's done event",
			body: dataLines(added(0, fcall("c1", "read", "")), done(0, fcall("c1", "read", `{"q":2}`)), completed),
			want: wiretest.Result{Calls: []wiretest.Call{{ID: "c1", Name: "read", Arguments: `{"q":2}`, Ended: true}}, Stop: conv.StopToolUse, Usage: usage}},
		{name: "arguments in the added item and deltas are not repeated by done",
			body: dataLines(added(0, fcall("c1", "read", `{"a":`)), argDelta(0, `1}`), argDone(0, `{"a":1}`), done(0, fcall("c1", "read", `{"a":1}`)), completed),
			want: wiretest.Result{Calls: []wiretest.Call{{ID: "c1", Name: "read", Arguments: `{"a":1}`, Ended: true}}, Stop: conv.StopToolUse, Usage: usage}},
		{name: "calls still open at completion end in call order",
			body: dataLines(added(5, fcall("c1", "a", "")), added(2, fcall("c2", "b", "")), argDelta(2, `{"b":1}`), completed),
			want: wiretest.Result{Calls: []wiretest.Call{{ID: "c1", Name: "a", Arguments: `{}`, Ended: true}, {ID: "c2", Name: "b", Arguments: `{"b":1}`, Ended: true}}, Stop: conv.StopToolUse, Usage: usage}},
		{name: "only calls are ended at completion, not other open items",
			body: dataLines(added(0, `{"type":"message","id":"m"}`), added(1, fcall("c1", "a", "")), argDelta(1, `{"a":1}`), completed),
			want: wiretest.Result{Calls: []wiretest.Call{{ID: "c1", Name: "a", Arguments: `{"a":1}`, Ended: true}}, Stop: conv.StopToolUse, Usage: usage}},
		{name: "an arguments delta for an item that never started",
			body: dataLines(argDelta(3, `{}`), completed),
			kind: provider.Server, message: "never started"},
		{name: "an arguments delta for a message item",
			body: dataLines(added(0, `{"type":"message","id":"m"}`), argDelta(0, `{}`), completed),
			kind: provider.Server, message: "never started"},
		{name: "a summary delta for an item that never started",
			body: dataLines(summary(1, 0, "x"), completed),
			kind: provider.Server, message: "never started"},
		{name: "summary parts are separated by a blank line",
			body: dataLines(added(0, `{"type":"reasoning","id":"rs_1"}`), summary(0, 0, "one"), summary(0, 0, " more"), summary(0, 1, "two"),
				done(0, `{"type":"reasoning","id":"rs_1","encrypted_content":"ENC","summary":[{"type":"summary_text","text":"one more"},{"type":"summary_text","text":"two"}]}`), text("t"), completed),
			want: wiretest.Result{Text: "t", Thinking: []wiretest.Thinking{{Text: "one more\n\ntwo", ID: "rs_1", Data: "ENC"}}, Stop: conv.StopEnd, Usage: usage}},
		{name: "a summary only in the done item",
			body: dataLines(added(0, `{"type":"reasoning","id":"rs_1"}`),
				done(0, `{"type":"reasoning","id":"rs_1","encrypted_content":"E","summary":[{"type":"summary_text","text":"a"},{"type":"summary_text","text":"b"}]}`), completed),
			want: wiretest.Result{Thinking: []wiretest.Thinking{{Text: "a\n\nb", ID: "rs_1", Data: "E"}}, Stop: conv.StopEnd, Usage: usage}},
		{name: "a done item that never started is ignored",
			body: dataLines(done(4, fcall("c9", "x", "{}")), text("t"), completed),
			want: wiretest.Result{Text: "t", Stop: conv.StopEnd, Usage: usage}},
		{name: "an added event without its item",
			body: dataLines(`{"type":"response.output_item.added","output_index":0}`, completed),
			kind: provider.Server, message: "malformed"},
		{name: "completed without the response",
			body: dataLines(text("t"), `{"type":"response.completed"}`),
			want: wiretest.Result{Text: "t"}, kind: provider.Server, message: "malformed"},
		{name: "incomplete for max_output_tokens is length",
			body: dataLines(text("t"), `{"type":"response.incomplete","response":{"status":"incomplete","incomplete_details":{"reason":"max_output_tokens"}}}`),
			want: wiretest.Result{Text: "t", Stop: conv.StopLength}},
		{name: "incomplete for content_filter ends",
			body: dataLines(text("t"), `{"type":"response.incomplete","response":{"status":"incomplete","incomplete_details":{"reason":"content_filter"}}}`),
			want: wiretest.Result{Text: "t", Stop: conv.StopEnd}},
		{name: "failed without details",
			body: dataLines(text("t"), `{"type":"response.failed"}`),
			want: wiretest.Result{Text: "t"}, kind: provider.Server, message: "the response failed"},
		{name: "a [DONE] from a proxy is ignored",
			body: dataLines(text("t"), "[DONE]", completed),
			want: wiretest.Result{Text: "t", Stop: conv.StopEnd, Usage: usage}},
		{name: "the body ends before completion",
			body: dataLines(text("t")),
			want: wiretest.Result{Text: "t"}, kind: provider.Transport, message: "before response.completed"},
		{name: "refusal deltas are text, empty ones nothing",
			body: dataLines(`{"type":"response.refusal.delta","delta":"no"}`, text(""), completed),
			want: wiretest.Result{Text: "no", Stop: conv.StopEnd, Usage: usage}},
	}
	runEdges(t, cases, func() wiretest.Decoder { return newResponsesDecoder() })
}
