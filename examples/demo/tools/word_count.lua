-- A tool in the sugar form: the file returns the declaration itself.
-- It counts lines, words and characters of some text or of a file, and
-- uses the shared _std helper to show a live badge while it runs.
local std = require("_std")

local function count(text)
  local lines = select(2, text:gsub("\n", "")) + ((text ~= "" and text:sub(-1) ~= "\n") and 1 or 0)
  local words = select(2, text:gsub("%S+", ""))
  return lines, words, utf8.len(text) or #text
end

return std.install_renderer {
  name = "word_count",
  description = "Count the lines, words and characters of a text or of a file.",
  effects = { "read" }, path_field = "path", -- it may read a file: rules and the project boundary apply to it
  schema = {
    type = "object",
    properties = {
      text = { type = "string", description = "The text to count." },
      path = { type = "string", description = "A file to count instead." },
    },
  },
  handler = function(input, context)
    local text = input.text
    if input.path then
      local f, err = io.open(input.path, "rb")
      if not f then return "cannot read " .. input.path .. ": " .. err end
      text = f:read("a")
      f:close()
    end
    if type(text) ~= "string" then
      error("give text or path", 0)
    end
    local lines, words, chars = count(text)
    return string.format("%d lines, %d words, %d characters", lines, words, chars)
  end,
}
