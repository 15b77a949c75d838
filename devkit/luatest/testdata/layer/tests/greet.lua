local t = require("panto.test")
t.test("greet", function()
  t.eq(t.command("/greet Ada").output, "hello, Ada!")
end)
t.test("redact", function()
  local r = t.fire("tool_result", { tool_name = "shell", output = "secret" })
  t.eq(r.fields.output, "(redacted)")
  local r2 = t.fire("tool_result", { tool_name = "ls", output = "x" })
  t.eq(r2.fields.output, "x")
end)
t.test("a turn", function()
  local r = t.turn {
    prompt = "echo hi",
    script = {
      { events = { { tool_call = { name = "echo", input = { message = "hi" } } } } },
      { expect = { tool_result = "echo: hi" }, text = "It said hi." },
    },
  }
  t.eq(r.status, "completed", r.error)
  t.eq(r.text, "It said hi.")
  t.eq(r.tool_calls[1].name, "echo")
  t.eq(r.tool_calls[1].output, "echo: hi")
  t.eq(r.remaining, 0)
  t.contains(r.transcript, "It said hi.")
end)
t.test("skip me", function() t.skip("not yet") end)
