-- The actions a bone command may return, mapped onto panto's session.
local panto = require("panto")
local util = require("util")

local M = {}

-- transcript renders bone messages as the text of a compaction summary.
local function transcript(messages)
  local parts = {}
  for _, m in ipairs(messages) do
    local text = m.content
    if type(text) ~= "string" then text = util.text_of(m) end
    parts[#parts + 1] = string.format("[%s] %s", tostring(m.role or "user"), text)
  end
  return table.concat(parts, "\n\n")
end

local HANDLERS = {}

-- conversation.replace: panto keeps every session whole on disk, so the
-- transcript the model sees is replaced the way panto replaces it:
-- a compaction whose summary holds the new messages.
HANDLERS["conversation.replace"] = function(name, res)
  if type(res.messages) ~= "table" then
    error("bone command '" .. name .. "': action conversation.replace needs messages = { ... }", 0)
  end
  local ok, err = panto.ext.agent:compact { summary = transcript(res.messages) }
  if not ok then error("bone command '" .. name .. "': conversation.replace: " .. tostring(err), 0) end
  return res.display or string.format("conversation replaced (%d messages)", #res.messages)
end

-- host is the Go half, which the session-switching actions need.
local function host_of(state, name, action)
  if not state.host then
    error("bone command '" .. name .. "': action " .. action .. " needs a panto session; this run has none", 0)
  end
  return state.host
end

-- conversation.load: a conversation_id that names a stored panto session
-- resumes it, as /resume ID does (ids from ctx.session.list); otherwise
-- the messages become a new session's conversation. The switch happens
-- when the command has returned.
HANDLERS["conversation.load"] = function(name, res, state)
  local host = host_of(state, name, "conversation.load")
  -- The id goes as given: the Go half takes a string or a number and
  -- refuses anything else by name (tostring would turn a table into an
  -- id no session has).
  local id = res.conversation_id
  if res.messages ~= nil and type(res.messages) ~= "table" then
    error("bone command '" .. name .. "': action conversation.load: messages must be an array of messages", 0)
  end
  local ok, desc = host.load { id = id, messages = res.messages }
  if not ok then error("bone command '" .. name .. "': conversation.load: " .. tostring(desc), 0) end
  return res.display or desc
end

-- config.reload_tools is /reload: every extension and bone file runs
-- again, so tools registered or changed since start appear.
HANDLERS["config.reload_tools"] = function(name, res, state)
  local ok, desc = host_of(state, name, "config.reload_tools").reload(false)
  if not ok then error("bone command '" .. name .. "': config.reload_tools: " .. tostring(desc), 0) end
  return res.display or desc
end

-- config.apply reads the configuration again (panto's config.toml
-- layers, bone's YAML sections) and applies it: /reload, then the
-- session's model resolved against the new [providers].
HANDLERS["config.apply"] = function(name, res, state)
  local ok, desc = host_of(state, name, "config.apply").reload(true)
  if not ok then error("bone command '" .. name .. "': config.apply: " .. tostring(desc), 0) end
  return res.display or desc
end

HANDLERS["config.switch_provider"] = function(name, res)
  if type(res.provider) ~= "string" then
    error("bone command '" .. name .. "': action config.switch_provider needs provider = \"id\"", 0)
  end
  local ref = res.provider
  if not ref:find(":", 1, true) then
    local list = panto.ext.models { provider = ref, limit = 1 }
    ref = list and list[1]
    if not ref then error("bone command '" .. name .. "': provider '" .. res.provider .. "' has no models in panto's config", 0) end
  end
  local cfg, err = panto.ext.resolve_model { model = ref }
  if not cfg then error("bone command '" .. name .. "': " .. tostring(err), 0) end
  local ok, serr = pcall(function() panto.ext.agent:set_config(cfg) end)
  if not ok then
    util.refuse("action config.switch_provider", "the session's model cannot be switched from here (" .. tostring(serr) .. ")",
      "use /model " .. ref)
  end
  return res.display or ("switched to " .. ref)
end

function M.run(state, name, res)
  local h = HANDLERS[res.action]
  if not h then
    error(string.format("bone command '%s' returned unknown action '%s'; bone's are conversation.replace, conversation.load, config.apply, config.reload_tools and config.switch_provider",
      name, tostring(res.action)), 0)
  end
  return h(name, res, state)
end

return M
