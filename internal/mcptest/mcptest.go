// Package mcptest is the MCP server panto's tests talk to: the same
// server in process (over httptest, say) and as a child process over
// stdio, which is the test binary itself run again with ModeEnv set. A
// test package that starts it as a process calls MaybeServe first thing
// in its TestMain:
//
//	func TestMain(m *testing.M) { mcptest.MaybeServe(); os.Exit(m.Run()) }
//
// That gives real child processes, real pipes and real crashes without
// building anything.
package mcptest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// ModeEnv selects what the test binary does when run as a server:
// "serve" serves Server on stdin and stdout, "hang" reads requests and
// never answers (a server stuck at start), "exit" writes a reason on
// stderr and exits 3 (a server that cannot start).
const ModeEnv = "PANTO_MCP_TEST_SERVER"

// MaybeServe acts as the server and exits when ModeEnv is set, and
// returns at once otherwise.
func MaybeServe() {
	switch mode := os.Getenv(ModeEnv); mode {
	case "":
		return
	case "serve":
		if err := Server().Run(context.Background(), &sdk.StdioTransport{}); err != nil {
			fmt.Fprintln(os.Stderr, "test server:", err)
		}
	case "hang":
		io.Copy(io.Discard, os.Stdin)
	case "exit":
		fmt.Fprintln(os.Stderr, "test server: cannot open the database")
		os.Exit(3)
	default:
		fmt.Fprintln(os.Stderr, "unknown test server mode", mode)
		os.Exit(2)
	}
	os.Exit(0)
}

// Command is the command line and environment of a server that runs the
// test binary in mode.
func Command(tb testing.TB, mode string) (string, map[string]string) {
	tb.Helper()
	exe, err := os.Executable()
	if err != nil {
		tb.Fatal(err)
	}
	return exe, map[string]string{ModeEnv: mode}
}

var objectSchema = func(props map[string]any, required ...string) map[string]any {
	s := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

// Server is the server every transport of the tests serves: tools
// that echo, fail, return an image, block until cancelled and crash the
// process; a prompt with arguments; a text resource.
func Server() *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "panto-test", Version: "1.0"}, &sdk.ServerOptions{Instructions: "Call echo before anything else."})
	str := map[string]any{"type": "string"}
	s.AddTool(&sdk.Tool{Name: "echo", Description: "Echo the text.", InputSchema: objectSchema(map[string]any{"text": str}, "text")},
		func(_ context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			var in struct{ Text string }
			json.Unmarshal(req.Params.Arguments, &in)
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "echo: " + in.Text}}}, nil
		})
	s.AddTool(&sdk.Tool{Name: "fail", Description: "Fail.", InputSchema: objectSchema(nil)},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: "the widget is broken"}}}, nil
		})
	s.AddTool(&sdk.Tool{Name: "image", Description: "A picture.", InputSchema: objectSchema(nil)},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return &sdk.CallToolResult{Content: []sdk.Content{
				&sdk.TextContent{Text: "a pixel"},
				&sdk.ImageContent{MIMEType: "image/png", Data: []byte("\x89PNG")},
			}}, nil
		})
	s.AddTool(&sdk.Tool{Name: "block", Description: "Wait until cancelled.", InputSchema: objectSchema(nil)},
		func(ctx context.Context, _ *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			select {
			case <-ctx.Done():
			case <-time.After(time.Minute):
			}
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "woke"}}}, nil
		})
	s.AddTool(&sdk.Tool{Name: "crash", Description: "Exit the process.", InputSchema: objectSchema(nil)},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			fmt.Fprintln(os.Stderr, "test server: crashing on purpose")
			os.Exit(7)
			return nil, nil
		})
	s.AddTool(&sdk.Tool{Name: "grow", Description: "Add a tool named grown (the server tells its clients the list changed).", InputSchema: objectSchema(nil)},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			s.AddTool(&sdk.Tool{Name: "grown", Description: "Added while serving.", InputSchema: objectSchema(nil)},
				func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
					return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "grown"}}}, nil
				})
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "grew"}}}, nil
		})
	s.AddTool(&sdk.Tool{Name: "dotted.name", Description: "A name panto must rewrite.", InputSchema: objectSchema(nil)},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "dotted"}}}, nil
		})
	s.AddPrompt(&sdk.Prompt{Name: "review", Description: "Review a file.", Arguments: []*sdk.PromptArgument{
		{Name: "file", Required: true}, {Name: "focus"},
	}}, func(_ context.Context, req *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
		a := req.Params.Arguments
		return &sdk.GetPromptResult{Messages: []*sdk.PromptMessage{{Role: "user",
			Content: &sdk.TextContent{Text: fmt.Sprintf("Review %s, focusing on %q.", a["file"], a["focus"])}}}}, nil
	})
	s.AddResource(&sdk.Resource{URI: "test://notes", Name: "notes", MIMEType: "text/plain"},
		func(_ context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
			return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: "remember the milk"}}}, nil
		})
	return s
}
