-- A tool in the sugar form, for the linked layer's tests.
return {
  name = "shout",
  description = "Upper-case a text.",
  schema = { type = "object", properties = { text = { type = "string" } } },
  handler = function(input)
    return string.upper(input.text or "")
  end,
}
