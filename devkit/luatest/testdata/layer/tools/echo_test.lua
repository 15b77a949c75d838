local t = require("panto.test")

t.test("echo returns its input", function()
  local r = t.tool("echo", { message = "hi" })
  t.ok(r.ok)
  t.eq(r.output, "echo: hi")
end)

t.test("a missing message is refused", function()
  local r = t.tool("echo", {})
  t.eq(r.ok, false)
  t.contains(r.output, "message")
end)

t.test("renders", function()
  local r = t.tool("echo", { message = "hi" })
  local rows = t.render(r, 30)
  t.contains(rows[1], "echo")
end)

t.test("fails on purpose", function()
  t.eq({ a = 1, b = "x" }, { a = 1, b = "y" })
end)

t.test("text diff", function()
  t.eq("one\ntwo\nthree", "one\n2\nthree")
end)
