---@meta panto.std
-- require("panto.std"): the standard tools' shared library, published to
-- every extension by the base layer (stdext/tools/_std.lua). Written by
-- `panto stubs`; docs/stdext.md describes it.

--- One input field of a tool, from which declare builds the JSON schema
--- and the checks the handler runs before run(args).
---@class panto.std.Param
---@field name string
---@field type "string"|"integer"|"boolean"
---@field description string what the model reads about the field
---@field required? boolean
---@field default? any filled in when the field is absent (or JSON null)
---@field min? integer integers: the least value
---@field max? integer integers: the greatest value
---@field nonempty? boolean strings: refuse ""
---@field enum? string[] strings: the values allowed (also in the schema)
---@field no_nul? boolean strings: refuse NUL bytes

--- A tool described once: its input as params, its work as run.
---@class panto.std.ToolSpec
---@field name string
---@field description string
---@field params panto.std.Param[]
---@field effects? panto.Effect[] what the tool does, for permissions (see panto.ToolDeclaration)
---@field path_field? string the param holding the path the tool acts on
---@field command_field? string the param holding the command line it runs
---@field run fun(args: table, context: panto.ToolContext): string|panto.ToolResult args are checked, defaults filled in; fail a call with std.fail

--- The state of one call, as a renderer's body sees it.
---@class panto.std.Call
---@field name string the tool's name
---@field status "arguments"|"running"|"done"
---@field collapsed boolean
---@field input? table the decoded input, once complete
---@field input_json string the arguments as they arrived
---@field output? string the result text, once done
---@field ok? boolean false when the call failed

--- How a tool's transcript block is drawn: a header "● name title",
--- then "running…", then the body.
---@class panto.std.Renderer
---@field title? fun(input: table): string|nil the header's text after the tool's name
---@field body? fun(call: panto.std.Call, width: integer, styles: panto.Styles): string[] the result's chunks

---@class panto.std.PreviewOptions
---@field collapsed? integer lines shown when collapsed (default 4)
---@field expanded? integer lines shown when expanded (default 24)
---@field from_end? boolean keep the last lines instead of the first
---@field role? string a theme role to style the lines with ("error", "muted", ...)

---@class panto.std
---@field fs table awaited luv file system helpers (stat, scandir, read_file, write_atomic, mkdir_p, walk, why)
---@field path table path resolution against the project root (resolve, display, join, dirname, basename, extension)
---@field text table text helpers (lines, plural, size, cut, valid_utf8, is_binary)
---@field glob table glob matching as the find tool does it
local std = {}

--- The tool declaration of a spec: { name, description, schema, handler },
--- where the handler checks the input against params before run.
---@param spec panto.std.ToolSpec
---@return panto.ToolDeclaration
function std.declare(spec) end

--- What a tool file returns to get the standard tools' transcript block:
--- the declaration and an entry that installs the renderer.
---@param spec panto.std.ToolSpec
---@param renderer? panto.std.Renderer
---@return (panto.ToolDeclaration|panto.Entry)[]
function std.install_renderer(spec, renderer) end

--- Ends the call with a one-line message for the model (no Lua position).
---@param fmt string
---@param ... any string.format arguments
function std.fail(fmt, ...) end

--- Output lines under a header, the way the standard blocks show them,
--- cut to the collapsed or expanded height with a "+N lines" note.
---@param lines string[]
---@param call panto.std.Call
---@param styles panto.Styles
---@param opts? panto.std.PreviewOptions
---@return string[]
function std.preview(lines, call, styles, opts) end

return std
