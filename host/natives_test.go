package host

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeNatives is a Natives over fixed lists, as an MCP client would
// supply them.
type fakeNatives struct {
	tools []*Tool
	cmds  []*Command
}

func (f *fakeNatives) NativeTools() []*Tool       { return f.tools }
func (f *fakeNatives) NativeCommands() []*Command { return f.cmds }
func (f *fakeNatives) NativeTool(name string) *Tool {
	for _, t := range f.tools {
		if t.Name == name {
			return t
		}
	}
	return nil
}
func (f *fakeNatives) NativeCommand(name string) *Command {
	for _, c := range f.cmds {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// nativeTool is NewNativeTool that must succeed.
func nativeTool(t *testing.T, name, schema string, run NativeRun) *Tool {
	t.Helper()
	tool, err := NewNativeTool(name, "native "+name, schema, []string{"read"}, "mcp:"+name, run)
	if err != nil {
		t.Fatal(err)
	}
	return tool
}

func names[T any](items []T, name func(T) string) string {
	var out []string
	for _, it := range items {
		out = append(out, name(it))
	}
	return strings.Join(out, " ")
}

// TestNewNativeToolRefuses: a name the model could not call and a schema
// the validator cannot use are the tool source's errors.
func TestNewNativeToolRefuses(t *testing.T) {
	run := func(context.Context, string) NativeResult { return NativeResult{} }
	cases := []struct{ name, schema, want string }{
		{"has space", `{}`, "tool name 'has space' must be 1 to 64 letters, digits, '_' or '-'"},
		{"", `{}`, "tool name '' must be"},
		{"ok", `{"type":`, "tool 'ok': invalid JSON schema:"},
		{"ok", `{"type":"nonsense"}`, "tool 'ok': invalid JSON schema:"},
	}
	for _, c := range cases {
		tool, err := NewNativeTool(c.name, "d", c.schema, nil, "src", run)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || tool != nil {
			t.Errorf("NewNativeTool(%q, %q) = %v, %v; want an error starting %q", c.name, c.schema, tool, err, c.want)
		}
	}
	tool, err := NewNativeTool("read_file-2", "reads", `{"type":"object"}`, []string{"read"}, "mcp:fs", run)
	if err != nil {
		t.Fatal(err)
	}
	if tool.Name != "read_file-2" || tool.Description != "reads" || tool.SchemaJSON != `{"type":"object"}` ||
		tool.Source != "mcp:fs" || len(tool.Effects) != 1 || tool.Effects[0] != "read" || tool.Run == nil {
		t.Errorf("tool %+v", tool)
	}
}

// TestNativesListedAndShadowed: native tools and commands join the
// extensions' in one sorted list, and an extension's of the same name
// wins.
func TestNativesListedAndShadowed(t *testing.T) {
	run := func(context.Context, string) NativeResult { return NativeResult{Text: "native"} }
	cmdRun := func(context.Context, string) (string, error) { return "native", nil }
	nat := &fakeNatives{
		tools: []*Tool{nativeTool(t, "zeta", `{}`, run), nativeTool(t, "shared", `{}`, run), nativeTool(t, "alpha", `{}`, run)},
		cmds: []*Command{NewNativeCommand("zcmd", "d", "mcp", cmdRun), NewNativeCommand("shared", "d", "mcp", cmdRun),
			NewNativeCommand("acmd", "d", "mcp", cmdRun)},
	}
	th := hostWith(t, map[string]string{
		"tools/shared.lua": `return { name = "shared", description = "d", schema = {}, handler = function() return "lua" end }`,
		"tools/mid.lua":    `return { name = "mid", description = "d", schema = {}, handler = function() return "mid" end }`,
		"extensions/cmds.lua": `local panto = require("panto")
return { name = "cmds", activate = function()
  panto.ext.register_command { name = "shared", description = "d", handler = function() return "lua" end }
  panto.ext.register_command { name = "mcmd", description = "d", handler = function() return "m" end }
end }`,
	}, func(o *Options) { o.Natives = nat })
	th.expectNoProblems(t)

	toolName := func(t *Tool) string { return t.Name }
	if got := names(th.Tools(), toolName); got != "alpha mid shared zeta" {
		t.Errorf("Tools() = %s", got)
	}
	cmdName := func(c *Command) string { return c.Name }
	if got := names(th.Commands(), cmdName); got != "acmd mcmd shared zcmd" {
		t.Errorf("Commands() = %s", got)
	}
	if tool := th.Tool("shared"); tool == nil || tool.Run != nil {
		t.Errorf("Tool(shared) = %+v, want the extension's", tool)
	}
	if tool := th.Tool("zeta"); tool == nil || tool.Run == nil {
		t.Errorf("Tool(zeta) = %+v, want the native one", tool)
	}
	if tc := th.callTool(t, "shared", `{}`); tc.Output != "lua" {
		t.Errorf("calling the shadowed tool ran %q", tc.Output)
	}
	if out := th.command(t, "/shared"); out != "lua" {
		t.Errorf("/shared ran %q", out)
	}
	if out := th.command(t, "/zcmd"); out != "native" {
		t.Errorf("/zcmd ran %q", out)
	}

	// Natives that add nothing new leave the extensions' order alone.
	only := hostWith(t, map[string]string{
		"tools/b.lua": `return { name = "b", description = "d", schema = {}, handler = function() return "" end }`,
		"tools/a.lua": `return { name = "a", description = "d", schema = {}, handler = function() return "" end }`,
	}, func(o *Options) { o.Natives = &fakeNatives{tools: []*Tool{nativeTool(t, "a", `{}`, run)}} })
	if got := names(only.Tools(), toolName); got != "a b" {
		t.Errorf("Tools() = %s", got)
	}
	if _, err := only.CallTool(context.Background(), "nope", `{}`); err == nil || !strings.Contains(err.Error(), "(see --list for the registered tools)") {
		t.Errorf("CallTool(nope) = %v", err)
	}
}

// TestNativeToolCall: a native tool runs with its input as JSON once
// the schema accepts it; its result, error flag and attachments are the
// call's; input the schema refuses never reaches it.
func TestNativeToolCall(t *testing.T) {
	var mu sync.Mutex
	var got []string
	run := func(_ context.Context, in string) NativeResult {
		mu.Lock()
		got = append(got, in)
		mu.Unlock()
		switch {
		case strings.Contains(in, `"fail"`):
			return NativeResult{Text: "it broke", IsError: true}
		case strings.Contains(in, `"image"`):
			return NativeResult{Text: "see", Attachments: []Attachment{{MediaType: "image/png", Data: "iVBOR"}}}
		}
		return NativeResult{Text: "got " + in}
	}
	schema := `{"type":"object","properties":{"mode":{"type":"string"}},"additionalProperties":false}`
	th := hostWith(t, map[string]string{"extensions/e.lua": `return { name = "e", activate = function() end }`},
		func(o *Options) { o.Natives = &fakeNatives{tools: []*Tool{nativeTool(t, "nt", schema, run)}} })

	tc := th.callTool(t, "nt", `{"mode":"plain"}`)
	if !tc.OK || tc.Output != `got {"mode":"plain"}` || len(tc.Attachments) != 0 {
		t.Errorf("plain: ok=%v %q %v", tc.OK, tc.Output, tc.Attachments)
	}
	if tc := th.callTool(t, "nt", ``); !tc.OK || tc.Output != "got {}" {
		t.Errorf("no input: ok=%v %q", tc.OK, tc.Output)
	}
	if tc := th.callTool(t, "nt", `{"mode":"fail"}`); tc.OK || tc.Output != "it broke" {
		t.Errorf("error result: ok=%v %q", tc.OK, tc.Output)
	}
	tc = th.callTool(t, "nt", `{"mode":"image"}`)
	if !tc.OK || tc.Output != "see" || len(tc.Attachments) != 1 || tc.Attachments[0] != (Attachment{MediaType: "image/png", Data: "iVBOR"}) {
		t.Errorf("attachments: ok=%v %q %v", tc.OK, tc.Output, tc.Attachments)
	}
	mu.Lock()
	before := len(got)
	mu.Unlock()
	tc = th.callTool(t, "nt", `{"mode":3}`)
	if tc.OK || !strings.HasPrefix(tc.Output, "invalid input for tool 'nt': ") {
		t.Errorf("refused input: ok=%v %q", tc.OK, tc.Output)
	}
	mu.Lock()
	if len(got) != before {
		t.Errorf("the tool ran with input its schema refuses: %q", got[before:])
	}
	mu.Unlock()

	// Validate checks as a call does, for Go code calling the tool itself.
	tool := th.Tool("nt")
	if err := tool.Validate(`{"mode":"x"}`); err != nil {
		t.Errorf("Validate(valid) = %v", err)
	}
	if err := tool.Validate(`{"other":1}`); err == nil {
		t.Error("Validate accepted a property the schema forbids")
	}
	lua := hostWith(t, map[string]string{"tools/free.lua": freeTool})
	if err := lua.Tool("free").Validate(`{"anything":[1]}`); err != nil {
		t.Errorf("Validate with an open schema = %v", err)
	}
}

// TestNativeToolCancelled: a native tool runs with the call's context, so
// a cancelled turn stops it.
func TestNativeToolCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	run := func(rctx context.Context, _ string) NativeResult {
		cancel()
		select {
		case <-rctx.Done():
			return NativeResult{Text: "stopped", IsError: true}
		case <-time.After(10 * time.Second): // a bound, not a measurement: the test fails either way
			return NativeResult{Text: "never cancelled"}
		}
	}
	th := hostWith(t, map[string]string{"extensions/e.lua": `return { name = "e", activate = function() end }`},
		func(o *Options) { o.Natives = &fakeNatives{tools: []*Tool{nativeTool(t, "slow", `{}`, run)}} })
	tc, err := th.CallTool(ctx, "slow", `{}`)
	if err != nil {
		t.Fatal(err)
	}
	if tc.OK || tc.Output == "never cancelled" {
		t.Errorf("ok=%v %q", tc.OK, tc.Output)
	}
}

// TestNativeCommand: a native command gets the text after its name and
// its output or error is the command's.
func TestNativeCommand(t *testing.T) {
	var args []string
	run := func(_ context.Context, a string) (string, error) {
		args = append(args, a)
		if a == "bad" {
			return "", errors.New("server said no")
		}
		return "ran " + a, nil
	}
	th := hostWith(t, map[string]string{"extensions/e.lua": `return { name = "e", activate = function() end }`},
		func(o *Options) {
			o.Natives = &fakeNatives{cmds: []*Command{NewNativeCommand("prompt", "d", "mcp", run)}}
		})
	if out := th.command(t, "/prompt  two words "); out != "ran two words" {
		t.Errorf("output %q", out)
	}
	if _, err := th.RunCommand(context.Background(), "/prompt bad"); err == nil || err.Error() != "/prompt: server said no" {
		t.Errorf("error %v", err)
	}
	if strings.Join(args, "|") != "two words|bad" {
		t.Errorf("args %q", args)
	}
}
