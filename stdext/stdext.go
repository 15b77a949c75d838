// Package stdext holds panto's standard tools — read, write, edit, shell,
// grep, find, ls, skill, web_fetch, task and todo — written as Lua
// extensions and shipped inside the binary as the base layer, the lowest
// layer of every session: a user, project or local layer that defines a
// tool of the same name replaces the standard one.
//
// The tools live in tools/, one file per tool, beside the underscore
// helpers they share (tools/_std.lua and friends), exactly as they would
// in a layer folder on disk; discovery reads this package's FS the way it
// reads any layer. docs/stdext.md describes each tool's input, output and
// limits.
package stdext

import (
	"embed"
	"io/fs"
)

// The helpers' names start with "_", which a directory pattern would
// leave out of the embed; naming the files matches them explicitly.
//
//go:embed tools/*.lua extensions/bone/*.lua
var files embed.FS

//go:embed meta/panto-std.lua
var stdStubs string

// FS returns the base layer: a file system holding tools/ and
// extensions/bone/, the bone compatibility layer (docs/bone.md), and
// nothing else: no config.toml and no resources, for discover.Options.Base and
// discover.Setup.AddBase.
func FS() fs.FS { return files }

// StdStubs returns the LuaLS definitions of require("panto.std"), the
// tools' shared library that the host publishes to every extension
// (`panto stubs` writes them beside the ABI's).
func StdStubs() string { return stdStubs }
