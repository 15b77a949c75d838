package openai

// This file checks the fixtures against OpenAI's official Go SDK: its
// streaming clients read each fixture from the same test server, and
// what they assemble must be what our decoders assembled. The SDK is
// imported only by tests; TestNotLinked in agent/provider/builtin checks
// that bin/panto does not contain it.

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	sdk "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/provider/internal/wiretest"
)

func sdkClient(t *testing.T, fixture string) sdk.Client {
	srv := wiretest.NewServer(t, wiretest.Reply{Body: fixture})
	return sdk.NewClient(option.WithBaseURL(srv.URL+"/v1/"), option.WithAPIKey("test"), option.WithMaxRetries(0), option.WithHTTPClient(srv.Client()))
}

func ours(t *testing.T, p provider.Protocol, fixture string) wiretest.Result {
	t.Helper()
	srv := wiretest.NewServer(t, wiretest.Reply{Body: fixture})
	st, err := open(t, p, srv)
	if err != nil {
		t.Fatal(err)
	}
	return wiretest.Collect(t, st)
}

func TestChatFixturesMatchSDK(t *testing.T) {
	for _, name := range []string{"text", "tool_call", "parallel_tools", "reasoning", "usage_last", "no_done"} {
		t.Run(name, func(t *testing.T) {
			fixture := wiretest.Fixture(t, "chat_"+name+".sse")
			client := sdkClient(t, fixture)
			stream := client.Chat.Completions.NewStreaming(context.Background(), sdk.ChatCompletionNewParams{
				Model: "gpt-5", Messages: []sdk.ChatCompletionMessageParamUnion{sdk.UserMessage("hi")},
			})
			var acc sdk.ChatCompletionAccumulator
			for stream.Next() {
				acc.AddChunk(stream.Current())
			}
			if err := stream.Err(); err != nil {
				t.Fatalf("the SDK rejects the fixture: %v", err)
			}
			stream.Close()
			got := ours(t, Completions{}, fixture)
			if len(acc.Choices) != 1 {
				t.Fatalf("the SDK assembled %d choices", len(acc.Choices))
			}
			m := acc.Choices[0].Message
			if got.Text != m.Content {
				t.Errorf("text: ours %q, SDK %q", got.Text, m.Content)
			}
			if len(got.Calls) != len(m.ToolCalls) {
				t.Fatalf("calls: ours %+v, SDK %+v", got.Calls, m.ToolCalls)
			}
			for i, c := range m.ToolCalls {
				if o := got.Calls[i]; o.ID != c.ID || o.Name != c.Function.Name || !sameJSON(o.Arguments, c.Function.Arguments) {
					t.Errorf("call %d: ours %+v, SDK %s %s %s", i, o, c.ID, c.Function.Name, c.Function.Arguments)
				}
			}
			u := acc.Usage
			want := conv.Usage{Input: u.PromptTokens - u.PromptTokensDetails.CachedTokens, CacheRead: u.PromptTokensDetails.CachedTokens, Output: u.CompletionTokens, Reasoning: u.CompletionTokensDetails.ReasoningTokens}
			if got.Usage != want {
				t.Errorf("usage: ours %+v, SDK %+v", got.Usage, want)
			}
			if fr := acc.Choices[0].FinishReason; got.Stop != finishReason(fr) && !(fr == "stop" && len(got.Calls) > 0) {
				t.Errorf("stop: ours %q, SDK %q", got.Stop, fr)
			}
		})
	}
}

func TestResponsesFixturesMatchSDK(t *testing.T) {
	for _, name := range []string{"text", "tool_call", "parallel_tools", "reasoning", "incomplete"} {
		t.Run(name, func(t *testing.T) {
			fixture := wiretest.Fixture(t, "responses_"+name+".sse")
			client := sdkClient(t, fixture)
			stream := client.Responses.NewStreaming(context.Background(), responses.ResponseNewParams{
				Model: "gpt-5", Input: responses.ResponseNewParamsInputUnion{OfString: sdk.String("hi")},
			})
			var final *responses.Response
			for stream.Next() {
				ev := stream.Current()
				if ev.AsAny() == nil {
					t.Errorf("the SDK does not know event type %q", ev.Type)
				}
				if ev.Type == "response.completed" || ev.Type == "response.incomplete" {
					r := ev.Response
					final = &r
				}
			}
			if err := stream.Err(); err != nil {
				t.Fatalf("the SDK rejects the fixture: %v", err)
			}
			stream.Close()
			if final == nil {
				t.Fatal("no final response")
			}
			got := ours(t, Responses{}, fixture)
			var want wiretest.Result
			for _, item := range final.Output {
				switch item.Type {
				case "message":
					for _, c := range item.Content {
						want.Text += c.Text
					}
				case "function_call":
					want.Calls = append(want.Calls, wiretest.Call{ID: item.CallID, Name: item.Name, Arguments: item.Arguments.OfString, Ended: true})
				case "reasoning":
					var parts []string
					for _, s := range item.Summary {
						parts = append(parts, s.Text)
					}
					want.Thinking = append(want.Thinking, wiretest.Thinking{Text: strings.Join(parts, "\n\n"), ID: item.ID, Data: item.EncryptedContent})
				default:
					t.Errorf("item type %q", item.Type)
				}
			}
			if got.Text != want.Text || !reflect.DeepEqual(got.Thinking, want.Thinking) {
				t.Errorf("ours %q %+v\nSDK  %q %+v", got.Text, got.Thinking, want.Text, want.Thinking)
			}
			if len(got.Calls) != len(want.Calls) {
				t.Fatalf("calls: ours %+v, SDK %+v", got.Calls, want.Calls)
			}
			for i := range got.Calls {
				if o, w := got.Calls[i], want.Calls[i]; o.ID != w.ID || o.Name != w.Name || !sameJSON(o.Arguments, w.Arguments) {
					t.Errorf("call %d: ours %+v, SDK %+v", i, o, w)
				}
			}
			u := final.Usage
			wantUsage := conv.Usage{Input: u.InputTokens - u.InputTokensDetails.CachedTokens, CacheRead: u.InputTokensDetails.CachedTokens, Output: u.OutputTokens, Reasoning: u.OutputTokensDetails.ReasoningTokens}
			if got.Usage != wantUsage {
				t.Errorf("usage: ours %+v, SDK %+v", got.Usage, wantUsage)
			}
		})
	}
}

// sameJSON compares two JSON texts by value; an empty text stands for
// the empty object, which is what our decoders put in its place.
func sameJSON(a, b string) bool {
	var x, y any
	if a == "" {
		a = "{}"
	}
	if b == "" {
		b = "{}"
	}
	return json.Unmarshal([]byte(a), &x) == nil && json.Unmarshal([]byte(b), &y) == nil && reflect.DeepEqual(x, y)
}
