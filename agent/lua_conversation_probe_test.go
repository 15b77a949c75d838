package agent

import "testing"

// TestConversationBuildersAndBlocks: panto.conversation's builders take
// every block shape messages() gives back, so a snapshot fed back
// through them is the same conversation; each malformed block or
// message is refused naming the builder, the block and the field.
func TestConversationBuildersAndBlocks(t *testing.T) {
	probes := `
local json = panto.ext.json
-- sig is a message's fields and blocks as one line, to compare snapshots.
local function sig(m)
  local parts = { m.role }
  for _, k in ipairs { "tool_call_id", "tool_name", "model", "provider", "stop_reason" } do
    if m[k] ~= nil then parts[#parts + 1] = k .. "=" .. tostring(m[k]) end
  end
  if m.role == "tool" then parts[#parts + 1] = "is_error=" .. tostring(m.is_error) end
  if m.metadata ~= nil then parts[#parts + 1] = "metadata=" .. json.encode(m.metadata) end
  for _, b in ipairs(m.blocks) do
    local f = { b.type }
    for _, k in ipairs { "text", "media_type", "data", "signature", "redacted", "id", "name", "input_json" } do
      if b[k] ~= nil then f[#f + 1] = k .. "=" .. tostring(b[k]) end
    end
    if b.input ~= nil then f[#f + 1] = "input=" .. json.encode(b.input) end
    parts[#parts + 1] = "[" .. table.concat(f, " ") .. "]"
  end
  return table.concat(parts, " ")
end
local function all(c)
  local out = {}
  for _, m in ipairs(c:messages()) do out[#out + 1] = sig(m) end
  return table.concat(out, "\n")
end
local function sample()
  return panto.conversation()
    :system("be brief")
    :user { { type = "text", text = "look" }, { type = "image", media_type = "image/png", data = "iVBOR" } }
    :assistant {
      { type = "thinking", text = "hmm", signature = "sig1" },
      { type = "thinking", redacted = true, data = "opaque", id = "th1" },
      { type = "text", text = "calling" },
      { type = "tool_call", id = "c1", name = "ls", input = { path = "." } },
      { type = "tool_call", id = "c2", name = "pwd", input = {} },
      { type = "tool_call", id = "c3", name = "raw", input_json = "{\"a\":1}" },
    }
    :tool_result { tool_call_id = "c1", tool_name = "ls", content = "a.txt" }
    :tool_result { tool_call_id = "c2", is_error = true, content = { { type = "text", text = "denied" } } }
    :tool_result { tool_call_id = "c3" }
end
function probes.snapshot() return all(sample()) end
function probes.round_trip()
  local a = sample()
  a:set_message_metadata(2, { tag = "x" })
  local b = panto.conversation()
  for _, m in ipairs(a:messages()) do
    if m.role == "tool" then
      b:tool_result { tool_call_id = m.tool_call_id, tool_name = m.tool_name, is_error = m.is_error, content = m.blocks }
    else
      b[m.role](b, m.blocks)
    end
  end
  b:set_message_metadata(2, a:message_metadata(2))
  local same = all(a) == all(b)
  return tostring(same) .. " " .. #a .. " " .. #b .. " " .. b:len()
end
function probes.compaction_standalone()
  local c = panto.conversation():user("u"):compaction("what happened")
  local m = c:messages()[2]
  return c:len() .. " " .. m.role .. " " .. m.blocks[1].text
end
function probes.transcript()
  return panto.conversation():user("hello there"):assistant("general kenobi"):transcript()
end
function probes.metadata()
  local c = panto.conversation():user("a"):assistant("b")
  local none = c:message_metadata(1)
  c:set_message_metadata(2, { k = "v", n = 2 })
  local md = c:message_metadata(2)
  c:set_message_metadata(2, nil)
  return tostring(none) .. " " .. md.k .. md.n .. " " .. tostring(c:message_metadata(2))
end
function probes.metadata_index_zero() panto.conversation():user("a"):message_metadata(0) end
function probes.metadata_index_past() panto.conversation():user("a"):message_metadata(2) end
function probes.set_metadata_index_zero() panto.conversation():user("a"):set_message_metadata(0, {}) end
function probes.set_metadata_index_past() panto.conversation():user("a"):set_message_metadata(2, {}) end
function probes.set_metadata_last()
  local c = panto.conversation():user("a"):user("b")
  c:set_message_metadata(2, 5)
  return tostring(c:message_metadata(1)) .. " " .. tostring(c:message_metadata(2))
end
function probes.system_image() panto.conversation():system { { type = "image", media_type = "image/png", data = "x" } } end
function probes.user_tool_call() panto.conversation():user { { type = "tool_call", id = "1", name = "ls" } } end
function probes.user_thinking() panto.conversation():user { { type = "thinking", text = "t" } } end
function probes.tool_result_no_id() panto.conversation():tool_result { content = "x" } end
function probes.content_kind() panto.conversation():user(5) end
function probes.block_kind() panto.conversation():user { "text" } end
function probes.block_type() panto.conversation():user { { type = "video" } } end
function probes.block_field_kind() panto.conversation():user { { type = "text", text = 5 } } end
function probes.block_second_field_kind() panto.conversation():assistant { { type = "text", text = "ok" }, { type = "thinking", text = "t", signature = 9 } } end
function probes.image_field_kind() panto.conversation():user { { type = "image", media_type = "image/png", data = true } } end
function probes.tool_call_no_name() panto.conversation():assistant { { type = "tool_call", id = "1" } } end
function probes.tool_call_id_kind() panto.conversation():assistant { { type = "tool_call", id = 1, name = "ls" } } end
function probes.tool_call_input_json_kind() panto.conversation():assistant { { type = "tool_call", id = "1", name = "ls", input_json = 1 } } end
function probes.tool_result_content_kind() panto.conversation():tool_result { tool_call_id = "1", content = 5 } end
function probes.len_operator() return #panto.conversation():user("a"):assistant("b") end
`
	want := `system [text text=be brief]
user [text text=look] [image media_type=image/png data=iVBOR]
assistant [thinking text=hmm signature=sig1] [thinking text= data=opaque redacted=true id=th1] [text text=calling] [tool_call id=c1 name=ls input_json={"path":"."} input={"path":"."}] [tool_call id=c2 name=pwd input_json={} input={}] [tool_call id=c3 name=raw input_json={"a":1} input={"a":1}]
tool tool_call_id=c1 tool_name=ls is_error=false [text text=a.txt]
tool tool_call_id=c2 is_error=true [text text=denied]
tool tool_call_id=c3 is_error=false [text text=]`
	cases := []probeCase{
		{"snapshot", []string{"ok: " + want}},
		{"round_trip", []string{"ok: true 6 6 6"}},
		{"compaction_standalone", []string{"ok: 2 compaction what happened"}},
		{"transcript", []string{"ok: ", "hello there", "general kenobi"}},
		{"metadata", []string{"ok: nil v2 nil"}},
		{"metadata_index_zero", []string{"error:", "message index out of range"}},
		{"metadata_index_past", []string{"error:", "message index out of range"}},
		{"set_metadata_index_zero", []string{"error:", "message index out of range"}},
		{"set_metadata_index_past", []string{"error:", "message index out of range"}},
		{"set_metadata_last", []string{"ok: nil 5"}},
		{"system_image", []string{"error:", "system: a system message holds text only"}},
		{"user_tool_call", []string{"error:", "user: a user message cannot hold tool_call blocks"}},
		{"user_thinking", []string{"error:", "user: a user message cannot hold thinking blocks"}},
		{"tool_result_no_id", []string{"error:", "tool_result: 'tool_call_id' is required"}},
		{"content_kind", []string{"error:", "user: content must be a string or an array of blocks, got number"}},
		{"block_kind", []string{"error:", "user: block 1 must be a table, got string"}},
		{"block_type", []string{"error:", `user: block 1: type must be "text", "image", "thinking" or "tool_call", got "video"`}},
		{"block_field_kind", []string{"error:", "user: block 1: 'text' must be a string, got number"}},
		{"block_second_field_kind", []string{"error:", "assistant: block 2: 'signature' must be a string, got number"}},
		{"image_field_kind", []string{"error:", "user: block 1: 'data' must be a string, got boolean"}},
		{"tool_call_no_name", []string{"error:", "assistant: block 1: a tool_call block needs a name"}},
		{"tool_call_id_kind", []string{"error:", "assistant: block 1: 'id' must be a string, got number"}},
		{"tool_call_input_json_kind", []string{"error:", "assistant: block 1: 'input_json' must be a string, got number"}},
		{"tool_result_content_kind", []string{"error:", "tool_result: content must be a string or an array of blocks, got number"}},
		{"len_operator", []string{"ok: 2"}},
	}
	runProbes(t, map[string]string{}, probes, cases)
}
