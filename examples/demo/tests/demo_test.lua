-- The demo's tests: `panto test examples/demo` runs them in a session of
-- their own over this folder and the standard tools (docs/testing.md).
local t = require("panto.test")

t.test("word_count counts a text", function()
  local r = t.tool("word_count", { text = "the quick brown fox" })
  t.ok(r.ok, r.output)
  t.eq(r.output, "1 lines, 4 words, 19 characters")
end)

t.test("word_count's block shows the badge", function()
  local rows = t.render(t.tool("word_count", { text = "a b" }), 60)
  t.eq(rows[#rows], "  ✓ counted")
end)

t.test("/greet greets", function()
  t.eq(t.command("/greet Ada").output, "[greet] hello, Ada!")
  t.eq(t.command("/greet").output, "[greet] hello, world!")
end)

t.test("the redactor masks secrets in tool results", function()
  local r = t.fire("tool_result", { tool_name = "shell", output = "token=abc123 and sk-live-9" })
  t.eq(r.fields.output, "token=<redacted> and sk-<redacted>")
end)

t.test("a turn: the model calls word_count and reports it", function()
  local r = t.turn {
    prompt = "How many words are in: one two three",
    script = {
      { events = { { tool_call = { name = "word_count", input = { text = "one two three" } } } } },
      { expect = { tool_result = "3 words" }, text = "Three words." },
    },
  }
  t.eq(r.status, "completed", r.error)
  t.eq(r.text, "Three words.")
  t.eq(r.tool_calls[1].name, "word_count")
  t.eq(r.tool_calls[1].output, "1 lines, 3 words, 13 characters")
end)

t.test("a turn on the demo's own model (the Lua protocol)", function()
  local r = t.turn { model = "demo:scripted", prompt = "How many words are in: a b" }
  t.eq(r.status, "completed", r.error)
  t.contains(r.text, "2 words")
end)
