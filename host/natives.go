package host

import (
	"context"
	"fmt"
	"sort"

	"panto/runtime"
)

// Natives supplies tools and slash commands written in Go that live
// outside any Lua state: an MCP server's tools and prompts. They come and
// go while the session runs (a server connects, or dies), independently
// of rebuilds, so the host asks for them at every lookup instead of
// copying them into a state's registry. Its methods are called on the
// owner goroutine while the source changes on others: they must be safe
// for concurrent use and cheap.
//
// A tool or command an extension registered wins over a native one of
// the same name.
type Natives interface {
	NativeTools() []*Tool
	NativeTool(name string) *Tool
	NativeCommands() []*Command
	NativeCommand(name string) *Command
}

// NativeResult is what a native tool returns: the text the model reads,
// attachments (images), and whether the call failed (the result is then
// a tool error, as a Lua handler's error is).
type NativeResult struct {
	Text        string
	Attachments []Attachment
	IsError     bool
}

// NativeRun runs a native tool with its input as JSON (validated against
// the tool's schema). It runs on a goroutine of its own, never touching
// Lua, and must return when ctx is done: the turn was cancelled.
type NativeRun func(ctx context.Context, inputJSON string) NativeResult

// NativeCommandRun runs a native slash command with its argument text,
// on a goroutine of its own; the string is the command's output.
type NativeCommandRun func(ctx context.Context, args string) (string, error)

// NewNativeTool makes a tool run by Go code. The schema is checked here,
// as register_tool checks a Lua tool's, so a schema the validator cannot
// use is the tool source's error (returned) and every call's input is
// validated before run sees it. effects and the source string are as
// for a Lua tool (Tool.Effects, Tool.Source).
func NewNativeTool(name, description, schemaJSON string, effects []string, source string, run NativeRun) (*Tool, error) {
	if !validToolName(name) {
		return nil, fmt.Errorf("tool name '%s' must be 1 to 64 letters, digits, '_' or '-'", name)
	}
	compiled, err := newToolSchema(name, schemaJSON)
	if err != nil {
		return nil, fmt.Errorf("tool '%s': invalid JSON schema: %v", name, err)
	}
	return &Tool{Name: name, Description: description, SchemaJSON: schemaJSON, schema: compiled,
		Effects: effects, Source: source, Run: run}, nil
}

// NewNativeCommand makes a slash command run by Go code.
func NewNativeCommand(name, description, source string, run NativeCommandRun) *Command {
	return &Command{Name: name, Description: description, Source: source, Run: run}
}

// allTools is the registry's tools and the native ones it does not
// shadow, sorted by name.
func (h *Host) allTools(reg *registry) []*Tool {
	tools := sortedValues(reg.tools)
	if h.opts.Natives == nil {
		return tools
	}
	added := false
	for _, t := range h.opts.Natives.NativeTools() {
		if reg.tools[t.Name] == nil {
			tools = append(tools, t)
			added = true
		}
	}
	if added {
		sort.Slice(tools, func(i, j int) bool { return tools[i].Name < tools[j].Name })
	}
	return tools
}

// lookupTool is the tool of a name: an extension's, else a native one.
func (h *Host) lookupTool(reg *registry, name string) *Tool {
	if t := reg.tools[name]; t != nil {
		return t
	}
	if h.opts.Natives != nil {
		return h.opts.Natives.NativeTool(name)
	}
	return nil
}

// allCommands is Commands' answer for a registry (see allTools).
func (h *Host) allCommands(reg *registry) []*Command {
	cmds := sortedValues(reg.commands)
	if h.opts.Natives == nil {
		return cmds
	}
	added := false
	for _, c := range h.opts.Natives.NativeCommands() {
		if reg.commands[c.Name] == nil {
			cmds = append(cmds, c)
			added = true
		}
	}
	if added {
		sort.Slice(cmds, func(i, j int) bool { return cmds[i].Name < cmds[j].Name })
	}
	return cmds
}

// lookupCommand is the command of a name: an extension's, else a native
// one.
func (h *Host) lookupCommand(reg *registry, name string) *Command {
	if c := reg.commands[name]; c != nil {
		return c
	}
	if h.opts.Natives != nil {
		return h.opts.Natives.NativeCommand(name)
	}
	return nil
}

// nativeHandler is the Lua function a call of a native tool runs as: it
// awaits run on a goroutine (so other calls of the message go on
// meanwhile) with the context of the call's entrypoint, which a
// cancelled turn cancels, and records the result on the call.
func (tc *ToolCall) nativeHandler(run NativeRun, inputJSON string) runtime.Value {
	loop := tc.h.vm.loop
	return runtime.NewFunction(tc.Name, func(L *runtime.State) int {
		ctx := loop.Context()
		return loop.Await(L, func() (func() []runtime.Value, error) {
			res := run(ctx, inputJSON)
			return func() []runtime.Value {
				tc.native = &res
				return nil
			}, nil
		})
	})
}

// nativeCommandHandler is the Lua function a native command runs as
// (see nativeHandler).
func (v *vm) nativeCommandHandler(c *Command) runtime.Value {
	loop := v.loop
	return runtime.NewFunction(c.Name, func(L *runtime.State) int {
		ctx := loop.Context()
		args := L.CheckString(1)
		return loop.Await(L, func() (func() []runtime.Value, error) {
			out, err := c.Run(ctx, args)
			if err != nil {
				return nil, err
			}
			return func() []runtime.Value { return []runtime.Value{runtime.String(out)} }, nil
		})
	})
}

// Validate checks input (JSON text) against the tool's schema, as a call
// is checked before its handler runs: Go code that calls a native tool
// on its own (an extension's panto.mcp.call) checks the same way.
func (t *Tool) Validate(inputJSON string) error {
	if t.schema == nil {
		return nil
	}
	return t.schema.validate(inputJSON)
}
