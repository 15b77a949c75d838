-- An offline model, written as a provider protocol: it lets the demo run
-- a whole agent turn without a network or an API key. It "answers" by
-- calling the word_count tool on what you asked about, then reports the
-- tool's result. Real protocols speak to an API; this one shows the
-- contract: open(request) returns a stream whose next() hands the loop
-- text deltas, tool calls and a done event, and returns nil (then calls
-- request.notify()) when nothing is ready yet.
local panto = require("panto")
local json = panto.ext.json
local uv = require("luv")

-- reply decides what to say to the conversation so far.
local function reply(request)
  local last = request.messages[#request.messages]
  if last.role == "tool" then
    local result = last.blocks[1] and last.blocks[1].text or ""
    return {
      { type = "text_delta", text = "The word_count tool says: " },
      { type = "text_delta", text = result .. "." },
      { type = "done", usage = { input = #request.history_transcript // 4, output = 12 } },
    }
  end
  local asked = ""
  for _, block in ipairs(last.blocks) do
    if block.type == "text" then asked = asked .. block.text end
  end
  -- Count what follows a colon, if there is one; else the whole message.
  local text = asked:match(":%s*(.+)$") or asked
  return {
    { type = "text_delta", text = "Let me count that " },
    { type = "text_delta", text = "with the word_count tool." },
    { type = "tool_call", id = "demo_call_1", name = "word_count", input_json = json.encode({ text = text }) },
    { type = "done", usage = { input = #request.history_transcript // 4, output = 20 } },
  }
end

return {
  name = "demo-model",
  activate = function()
    panto.ext.register_protocol {
      name = "demo",
      effort_levels = { { label = "quick", detail = "the only speed this model has" } },
      open = function(request)
        local events = reply(request)
        local ready = false
        -- Pretend the network takes a moment: nothing is ready until the
        -- timer fires and notify() wakes the loop.
        local timer = uv.new_timer()
        timer:start(10, 0, function()
          timer:close()
          ready = true
          request.notify()
        end)
        return {
          next = function(self)
            if not ready then return nil end
            return table.remove(events, 1)
          end,
          close = function(self) end,
        }
      end,
    }
  end,
}
