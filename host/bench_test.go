package host

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"testing"

	"panto/host/discover"
)

// hundredExtensions is a tree of 100 extensions shaped like real ones:
// sugar-form tools, entries registering commands and handlers, and folder
// entries requiring a sibling module.
func hundredExtensions() map[string]string {
	files := map[string]string{
		"tools/_std.lua": `local M = {} function M.wrap(s) return "[" .. s .. "]" end return M`,
	}
	for i := 0; i < 50; i++ {
		files[fmt.Sprintf("tools/tool%02d.lua", i)] = fmt.Sprintf(`
local std = require("_std")
return {
  name = "tool%02d",
  description = "Benchmark tool number %d.",
  schema = { type = "object", properties = { text = { type = "string" } }, required = { "text" } },
  handler = function(input) return std.wrap(input.text) end,
}`, i, i)
	}
	for i := 0; i < 30; i++ {
		files[fmt.Sprintf("extensions/ext%02d.lua", i)] = fmt.Sprintf(`
local panto = require("panto")
return {
  name = "ext%02d",
  activate = function()
    panto.ext.register_command { name = "cmd%02d", description = "d", handler = function(args) return args end }
    panto.ext.on("tool_result", function(e) if e.tool_name == "none" then e.output = "" end end)
  end,
}`, i, i)
	}
	for i := 0; i < 20; i++ {
		files[fmt.Sprintf("extensions/pkg%02d/init.lua", i)] = fmt.Sprintf(`
local util = require("util")
return { name = "pkg%02d", activate = function()
  require("panto").ext.register_command { name = "pkg%02d", description = "d", handler = util.run }
end }`, i, i)
		files[fmt.Sprintf("extensions/pkg%02d/util.lua", i)] = `return { run = function(args) return "ran " .. args end }`
	}
	return files
}

// BenchmarkActivate100 is discovery, evaluation and activation of 100
// extensions from sources, the brief's "activation of 100 extensions
// under 20 ms".
func BenchmarkActivate100(b *testing.B) {
	dir := b.TempDir()
	writeTree(b, dir, hundredExtensions())
	opts := discover.Options{Cwd: dir, Getenv: func(string) string { return "" }}
	ctx := context.Background()
	defer reportCPU(b)()
	for b.Loop() {
		setup, err := discover.Folder(dir, opts)
		if err != nil {
			b.Fatal(err)
		}
		h, err := New(ctx, Options{Setup: setup, Stdout: io.Discard, Stderr: io.Discard})
		if err != nil {
			b.Fatal(err)
		}
		if len(h.Tools()) != 50 || len(h.Commands()) != 50 || len(h.Problems()) != 0 {
			b.Fatalf("loaded %d tools, %d commands, problems %v", len(h.Tools()), len(h.Commands()), h.Problems())
		}
		h.Close()
	}
}

// BenchmarkToolCall is one tool call through the whole lifecycle with 30
// tool_result handlers subscribed.
func BenchmarkToolCall(b *testing.B) {
	dir := b.TempDir()
	writeTree(b, dir, hundredExtensions())
	setup, _ := discover.Folder(dir, discover.Options{Cwd: dir, Getenv: func(string) string { return "" }})
	ctx := context.Background()
	h, _ := New(ctx, Options{Setup: setup, Stdout: io.Discard, Stderr: io.Discard})
	defer h.Close()
	for b.Loop() {
		tc, err := h.CallTool(ctx, "tool07", `{"text":"hello"}`)
		if err != nil || tc.Output != "[hello]" {
			b.Fatal(err, tc.Output)
		}
	}
}

func writeTree(tb testing.TB, dir string, files map[string]string) {
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := mkdirWrite(p, content); err != nil {
			tb.Fatal(err)
		}
	}
}
