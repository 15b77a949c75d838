return {
  name = "echo",
  description = "Echo back the given message.",
  schema = { type = "object", properties = { message = { type = "string" } }, required = { "message" } },
  handler = function(input, context)
    return context.tool_name .. ": " .. input.message
  end,
}
