---@meta panto.test
-- require("panto.test"): the test API of `panto test` (docs/testing.md).
-- Written by `panto stubs`.

---@class panto.test.ToolResult
---@field ok boolean false when the handler failed or the input was refused
---@field output string the result text (the error the model would read when not ok)
---@field attachments { media_type?: string, data: string }[]
---@field input? table the input the handler received
---@field block integer the call's block, for render

---@class panto.test.CommandResult
---@field ok boolean
---@field output string
---@field error? string why the handler failed

---@class panto.test.FireResult
---@field fields table the event's fields as the handlers left them
---@field block? integer the event's block (events with a component), for render
---@field custom? boolean whether a handler set a Lua component

---@class panto.test.ToolCall
---@field id string
---@field name string
---@field input? table
---@field output string
---@field ok boolean

---@class panto.test.TurnResult
---@field status "completed"|"failed"|"cancelled"
---@field text string the final assistant text
---@field error? string why a failed turn failed
---@field tool_calls panto.test.ToolCall[]
---@field events { type: string, fields: table }[]
---@field messages { role: string, text: string, tool_name?: string, is_error?: boolean }[]
---@field transcript string
---@field requests integer
---@field remaining integer scripted responses left unused

---@class panto.test.TurnOptions
---@field prompt string the user's message
---@field script? table[] the model's responses, in the script protocol's format
---@field script_file? string a JSON Lines script, relative to the layer
---@field model? string run the turn on a configured model ("provider:alias") instead of a script

---@class panto.test
local t = {}

--- Registers a test.
---@param name string
---@param fn fun(t: panto.test)
function t.test(name, fn) end

--- Calls a tool through its whole lifecycle.
---@param name string
---@param input? table|string
---@return panto.test.ToolResult
function t.tool(name, input) end

--- Runs a slash command line ("/name args").
---@param line string
---@return panto.test.CommandResult
function t.command(line) end

--- Fires an event with fields (unlisted ones get neutral values).
---@param name panto.EventName|string
---@param fields? table
---@return panto.test.FireResult
function t.fire(name, fields) end

--- Renders the block of a tool call or fired event at a width.
---@param x panto.test.ToolResult|panto.test.FireResult
---@param width integer
---@param opts? { styled?: boolean }
---@return string[]
function t.render(x, width, opts) end

--- Runs a whole model turn.
---@param opts panto.test.TurnOptions
---@return panto.test.TurnResult
function t.turn(opts) end

--- got must equal want (tables deeply).
---@param got any
---@param want any
---@param msg? string
function t.eq(got, want, msg) end

--- got must differ from other.
---@param got any
---@param other any
---@param msg? string
function t.ne(got, other, msg) end

--- v must be truthy; returns it.
---@generic T
---@param v T
---@param msg? string
---@return T
function t.ok(v, msg) end

--- s must contain sub (plain text).
---@param s string
---@param sub string
---@param msg? string
function t.contains(s, sub, msg) end

--- s must match a Lua pattern.
---@param s string
---@param pattern string
---@param msg? string
function t.matches(s, pattern, msg) end

--- fn must raise (an error containing sub); returns the message.
---@param fn fun()
---@param sub? string
---@param msg? string
---@return string
function t.errors(fn, sub, msg) end

--- Fails the test now.
---@param msg? string
function t.fail(msg) end

--- Ends the test as skipped.
---@param reason? string
function t.skip(reason) end

--- A value as Lua source-like text, as the assertions show it.
---@param v any
---@return string
function t.show(v) end

return t
