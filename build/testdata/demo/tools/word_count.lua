-- A tool in the sugar form: the file returns the declaration.
local std = require("_std")

return {
  name = "word_count",
  description = "Count the words of a text.",
  schema = {
    type = "object",
    properties = { text = { type = "string" } },
    required = { "text" },
  },
  handler = function(input)
    return std.plural(std.words(input.text), "word")
  end,
}
