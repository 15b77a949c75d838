// Package hosttest holds fixtures shared by the host's tests and
// benchmarks and by the bundle builder's, which measure the same tree
// loaded from sources and from a bundle.
package hosttest

import "fmt"

// HundredExtensions is a tree of 100 extensions shaped like real ones:
// sugar-form tools, entries registering commands and handlers, and folder
// entries requiring a sibling module.
func HundredExtensions() map[string]string {
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
