package agent

import (
	"context"
	"io"
	"testing"

	"panto/agent/conv"
	"panto/agent/provider"
)

// echoProtocol is a zero-cost model: it calls the noop tool when the
// last message is the user's, and answers once the tool has answered.
type echoProtocol struct{ tools bool }

func (p echoProtocol) Open(ctx context.Context, req *provider.Request) (provider.Stream, error) {
	last := req.Messages[len(req.Messages)-1]
	if p.tools && last.Role == conv.User {
		return &sliceStream{evs: []provider.Event{
			{Type: provider.ToolCallStart, ID: "c", Name: "noop"},
			{Type: provider.ToolCallDelta, Text: "{}"},
			{Type: provider.ToolCallEnd},
			{Type: provider.Done, StopReason: conv.StopToolUse},
		}}, nil
	}
	return &sliceStream{evs: []provider.Event{{Type: provider.TextDelta, Text: "done"}, {Type: provider.Done}}}, nil
}

type sliceStream struct {
	evs []provider.Event
	i   int
}

func (s *sliceStream) Recv() (provider.Event, error) {
	if s.i >= len(s.evs) {
		return provider.Event{}, io.EOF
	}
	s.i++
	return s.evs[s.i-1], nil
}
func (s *sliceStream) Close() error { return nil }

func benchSession(b *testing.B, tools bool) *testSession {
	ts := newSessionB(b, map[string]string{
		"config.toml":    "[providers.b]\nprotocol = \"bench\"\nmodels = { m = \"m\" }\n[models]\ndefault = \"b:m\"\n",
		"tools/noop.lua": `return { name = "noop", description = "d", schema = { type = "object" }, handler = function() return "ok" end }`,
	}, func(o *Options) {
		o.NoSession = true
		o.Protocols = func(name string) (provider.Protocol, bool) { return echoProtocol{tools: tools}, name == "bench" }
	})
	return ts
}

// BenchmarkToolRoundTrip is one turn with one tool call: two model
// requests (to a model that costs nothing), the tool's lifecycle events,
// the handler (a Lua function returning a string) and the persistence of
// four messages. BenchmarkTextTurn is the same turn without the tool;
// the difference is what the loop adds per tool round trip.
func BenchmarkToolRoundTrip(b *testing.B) { benchTurns(b, true) }

func BenchmarkTextTurn(b *testing.B) { benchTurns(b, false) }

func benchTurns(b *testing.B, tools bool) {
	ts := benchSession(b, tools)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// Each turn starts from an empty conversation: the figure is the
		// loop's cost per turn, not the cost of a growing history.
		a := ts.Agent()
		a.mu.Lock()
		a.conv = &conv.Conversation{}
		a.mu.Unlock()
		res, err := ts.Prompt(ctx, "go")
		if err != nil || res.Status != "completed" {
			b.Fatalf("%v %+v", err, res)
		}
	}
}
