package anthropic

// This file checks the fixtures against Anthropic's official Go SDK:
// the SDK's client reads each fixture from the same test server and
// accumulates the message, and what it assembled must be what our
// decoder assembled. It keeps the hand-written fixtures honest (a field
// misspelt in a fixture would pass our decoder and fail here). The SDK
// is imported only by tests; TestNotLinked in agent/provider/builtin
// checks that bin/panto does not contain it.

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"panto/agent/conv"
	"panto/agent/provider/internal/wiretest"
)

// sdkRead plays a fixture to the SDK's streaming client.
func sdkRead(t *testing.T, fixture string) (sdk.Message, error) {
	t.Helper()
	srv := wiretest.NewServer(t, wiretest.Reply{Body: fixture})
	client := sdk.NewClient(option.WithBaseURL(srv.URL), option.WithAPIKey("test"), option.WithMaxRetries(0), option.WithHTTPClient(srv.Client()))
	stream := client.Messages.NewStreaming(context.Background(), sdk.MessageNewParams{
		Model: "claude-sonnet-4-5", MaxTokens: 1024,
		Messages: []sdk.MessageParam{sdk.NewUserMessage(sdk.NewTextBlock("hi"))},
	})
	defer stream.Close()
	var msg sdk.Message
	for stream.Next() {
		if err := msg.Accumulate(stream.Current()); err != nil {
			t.Fatalf("the SDK cannot accumulate %s: %v", stream.Current().RawJSON(), err)
		}
	}
	return msg, stream.Err()
}

func TestFixturesMatchSDK(t *testing.T) {
	for _, name := range []string{"text.sse", "tool_call.sse", "parallel_tools.sse", "thinking.sse", "usage_last.sse"} {
		t.Run(name, func(t *testing.T) {
			fixture := wiretest.Fixture(t, name)
			msg, err := sdkRead(t, fixture)
			if err != nil {
				t.Fatalf("the SDK rejects the fixture: %v", err)
			}
			srv := wiretest.NewServer(t, wiretest.Reply{Body: fixture})
			st, err := open(t, srv)
			if err != nil {
				t.Fatal(err)
			}
			ours := wiretest.Collect(t, st)

			var want wiretest.Result
			for _, b := range msg.Content {
				switch b.Type {
				case "text":
					want.Text += b.Text
				case "thinking":
					want.Thinking = append(want.Thinking, wiretest.Thinking{Text: b.Thinking, Signature: b.Signature})
				case "redacted_thinking":
					want.Thinking = append(want.Thinking, wiretest.Thinking{Redacted: true, Data: b.Data})
				case "tool_use":
					want.Calls = append(want.Calls, wiretest.Call{ID: b.ID, Name: b.Name, Arguments: string(b.Input), Ended: true})
				default:
					t.Errorf("block type %q", b.Type)
				}
			}
			if ours.Text != want.Text || !reflect.DeepEqual(ours.Thinking, want.Thinking) {
				t.Errorf("ours %q %+v\nSDK  %q %+v", ours.Text, ours.Thinking, want.Text, want.Thinking)
			}
			if len(ours.Calls) != len(want.Calls) {
				t.Fatalf("calls: ours %+v, SDK %+v", ours.Calls, want.Calls)
			}
			for i := range ours.Calls {
				o, w := ours.Calls[i], want.Calls[i]
				if o.ID != w.ID || o.Name != w.Name || !sameJSON(o.Arguments, w.Arguments) {
					t.Errorf("call %d: ours %+v, SDK %+v", i, o, w)
				}
			}
			u := msg.Usage
			wantUsage := conv.Usage{Input: u.InputTokens, Output: u.OutputTokens, CacheRead: u.CacheReadInputTokens, CacheWrite: u.CacheCreationInputTokens, Reasoning: u.OutputTokensDetails.ThinkingTokens}
			if ours.Usage != wantUsage {
				t.Errorf("usage: ours %+v, SDK %+v", ours.Usage, wantUsage)
			}
			if ours.Stop != stopReason(string(msg.StopReason)) {
				t.Errorf("stop: ours %q, SDK %q", ours.Stop, msg.StopReason)
			}
		})
	}
}

// TestErrorFixtureMatchesSDK: the SDK reads the mid-stream error event
// as an error too.
func TestErrorFixtureMatchesSDK(t *testing.T) {
	_, err := sdkRead(t, wiretest.Fixture(t, "error_mid.sse"))
	if err == nil || !strings.Contains(err.Error(), "Overloaded") {
		t.Errorf("the SDK reads error_mid.sse as %v", err)
	}
}

// sameJSON compares two JSON texts by value ("{}" for an empty input on
// either side).
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
