-- The bone global: registrations, events, logging and loading, mapped
-- onto panto.ext (docs/bone.md lists every item and what it maps onto).
local panto = require("panto")
local std = require("panto.std")
local util = require("util")
local newctx = require("ctx")
local display = require("display")
local plugins = require("plugins")
local agents = require("agents")

local json = panto.ext.json
local M = {}

-- cjson is bone's JSON module over panto.ext.json: encode raises on what
-- JSON cannot hold, decode raises on bad text (cjson's behaviour), and
-- cjson.null is JSON null.
local cjson = {
  encode = function(v) return json.encode(v) end,
  decode = function(s)
    local v, err = json.decode(s)
    if v == nil and err then error("cjson.decode: " .. err, 2) end
    return v
  end,
  null = json.null,
  empty_array = json.array({}),
}

-- EVENTS maps bone's event names onto panto's (bone's payload is built
-- from panto's event in payload()).
local EVENTS = {
  session_start = { "session_ready" },
  session_end = { "session_end" },
  message = { "user_message", "assistant_text_complete" },
  turn_start = { "turn_start" },
  turn_end = { "turn_end" },
  token_usage = { "turn_end" },
  tool_result = { "tool_result" },
}

function M.new(host)
  local b = {}
  local state = {
    host = host,
    tools = {},       -- bone tools by name: { spec, stateful batch }
    commands = {},
    custom = {},      -- custom event name -> true once subscribed on the bus
    emitted = {},     -- data of the custom event being emitted
    counts = { tools = 0, commands = 0, subagents = 0, hooks = 0 },
  }
  local cwd = panto.ext.dirs.project_root
  local info = panto.ext.session_info()
  if info and info.directory then cwd = info.directory end
  local config_dir = host and host.config_dir or ((panto.ext.dirs.home or "~") .. "/.bone-rust")

  local bone = {
    version = host and host.version or "2.2.4",
    cwd = cwd,
    config_dir = config_dir,
    headless = host == nil or host.headless,
  }
  state.bone = bone
  -- agent_depth is 0 for the session agent's work and grows inside the
  -- sub-agents ctx.agent started (panto.ext.agent is lane-resolved).
  setmetatable(bone, { __index = function(_, k)
    if k ~= "agent_depth" then return nil end
    local ok, id = pcall(function() return panto.ext.agent:session_id() end)
    return ok and state.depths and state.depths[id] or 0
  end })
  state.log = util.logger(host)
  bone.log = state.log
  state.ctx = function(call_id, call) return newctx(state, call_id, call) end

  -- register_tool { name, description, parameters, safety?, display?,
  -- stateful?, execute } -> panto.ext.register_tool.
  function bone.register_tool(spec)
    util.check_table(spec, "bone.register_tool")
    local name = util.need_string(spec, "name", "bone.register_tool")
    util.need_string(spec, "description", "bone.register_tool")
    if type(spec.parameters) ~= "table" then
      error("bone.register_tool: tool '" .. name .. "': 'parameters' (a JSON Schema object) is required", 2)
    end
    if type(spec.execute) ~= "function" then
      error("bone.register_tool: tool '" .. name .. "': 'execute' (a function) is required", 2)
    end
    local effects
    if spec.safety == "read_only" then
      effects = { "read" }
    elseif spec.safety ~= nil and spec.safety ~= "danger" then
      error(string.format("bone.register_tool: tool '%s': safety must be \"read_only\" or \"danger\", got %s", name, tostring(spec.safety)), 2)
    end
    local t = { spec = spec, prev = nil }
    state.tools[name] = t
    panto.ext.register_tool {
      name = name,
      description = spec.description,
      schema = spec.parameters,
      effects = effects,
      handler = function(input, context)
        local ctx = state.ctx(context.tool_call_id, { tool = name })
        -- A batch is a run of calls of this tool with no other tool's
        -- call between them, within one turn.
        if state.last_tool ~= name then t.prev = nil end
        state.last_tool = name
        if spec.stateful then
          ctx.previous_state = t.prev
        end
        local res = spec.execute(input, ctx, ctx.previous_state)
        return M.result(state, t, context.tool_call_id, res)
      end,
    }
    display.install(state, name, spec.display)
    state.counts.tools = state.counts.tools + 1
  end

  -- register_command(name, fn | { description, handler }).
  function bone.register_command(name, spec)
    if type(name) ~= "string" or name == "" then
      error("bone.register_command: the first argument must be the command's name", 2)
    end
    local handler, description
    if type(spec) == "function" then
      handler, description = spec, "bone command " .. name
    elseif type(spec) == "table" and type(spec.handler) == "function" then
      handler, description = spec.handler, spec.description or ("bone command " .. name)
    else
      error("bone.register_command: command '" .. name .. "': give a function or { description, handler }", 2)
    end
    panto.ext.register_command {
      name = name,
      description = description,
      handler = function(args)
        local ctx = state.ctx(nil, { command = name })
        local a = args
        if a == "" then a = nil end
        return M.command_result(state, name, handler(a, ctx))
      end,
    }
    state.counts.commands = state.counts.commands + 1
  end

  function bone.register_subagent(spec)
    agents.register(state, spec)
    state.counts.subagents = state.counts.subagents + 1
  end

  -- on(event, fn): bone's events onto panto's bus.
  function bone.on(event, fn)
    if type(event) ~= "string" or type(fn) ~= "function" then
      error("bone.on: give an event name and a function", 2)
    end
    state.counts.hooks = state.counts.hooks + 1
    if event == "tool_call" then
      M.on_tool_call(state, fn)
    elseif event == "before_turn" then
      M.on_before_turn(state, fn)
    elseif EVENTS[event] then
      for _, pe in ipairs(EVENTS[event]) do
        panto.ext.on(pe, function(e)
          local ctx = state.ctx(nil, {})
          fn(M.payload(state, event, e), ctx)
        end)
      end
    else
      -- A custom event: it is panto's custom event of that name, and its
      -- data travels beside the bus (panto.ext.emit carries none).
      panto.ext.on(event, function(e)
        local ctx = state.ctx(nil, {})
        fn(state.emitted[event] or {}, ctx)
      end)
    end
  end

  bone.api = {
    emit = function(name, data)
      if type(name) ~= "string" then error("bone.api.emit: the event name must be a string", 2) end
      if EVENTS[name] or name == "tool_call" or name == "before_turn" then
        error("bone.api.emit: '" .. name .. "' is a bone event panto fires itself; emit a custom name", 2)
      end
      local prev = state.emitted[name]
      state.emitted[name] = data or {}
      local ok, err = pcall(panto.ext.emit, name, data)
      state.emitted[name] = prev
      if not ok then error("bone.api.emit: " .. tostring(err), 2) end
    end,
  }

  bone.plugin = plugins.new(state)
  panto.ext.on("turn_start", function() state.last_tool = nil end)

  state.roots = {}
  state.env = util.env(bone, cjson, state.roots)
  state.env_for = function(dir)
    local known = false
    for _, r in ipairs(state.roots) do known = known or r == dir end
    if not known then state.roots[#state.roots + 1] = dir end
    return state.env
  end
  -- load_file runs one bone source with the bone global; a failure is
  -- reported and the rest of bone's configuration still loads.
  function b.load_file(file, dir)
    local f = io.open(file, "r")
    if not f then return false end
    local src = f:read("a")
    f:close()
    local chunk, err = load(src, "@" .. file, "t", state.env_for(dir))
    if not chunk then
      state.log.error("bone: " .. err)
      return false
    end
    local ok, rerr = pcall(chunk)
    if not ok then
      state.log.error("bone: " .. tostring(rerr))
      return false
    end
    return true
  end
  state.load_file = b.load_file

  function b.started(files)
    local c = state.counts
    local shown = {}
    for i, f in ipairs(files) do shown[i] = util.display(f) end
    util.announce(host, string.format("bone: loaded %s (%d tools, %d commands, %d subagents, %d hooks)",
      table.concat(shown, ", "), c.tools, c.commands, c.subagents, c.hooks))
  end
  return b
end

-- result turns what execute returned into panto's tool result.
function M.result(state, t, call_id, res)
  if res == nil then return "" end
  if type(res) == "string" then return res end
  if type(res) == "number" or type(res) == "boolean" then return tostring(res) end
  if type(res) ~= "table" then
    error("bone tool returned a " .. type(res) .. "; return a string, nil, or { content, state, pane, images }", 0)
  end
  t.prev = res.state
  if res.pane ~= nil and call_id then
    display.pane(state, call_id, res.pane)
  end
  local text = res.content
  if type(text) == "table" then text = json.encode(text) end
  if text ~= nil and type(text) ~= "string" then text = tostring(text) end
  local atts
  if type(res.images) == "table" then
    atts = {}
    for _, img in ipairs(res.images) do
      if type(img) == "string" then
        atts[#atts + 1] = { data = img }
      else
        atts[#atts + 1] = { media_type = img.media_type or img.mime_type or img.mimeType, data = img.data }
      end
    end
  end
  if atts and #atts > 0 then
    return { text = text or "", attachments = atts }
  end
  return text or ""
end

-- shown is a command's output: with display_role = "assistant" it is
-- marked as markdown ({ text, markdown = true }, ABI 1.5), which the
-- terminal UI renders as it renders an assistant message.
local function shown(res, text)
  if text == nil then return nil end
  text = tostring(text)
  if res.display_role == "assistant" then return { text = text, markdown = true } end
  return text
end

-- command_result: a string is submitted as a user message; a table shows
-- display (submitted too unless submit = false) or runs an action.
function M.command_result(state, name, res)
  if res == nil then return nil end
  if type(res) == "string" then
    panto.ext.agent:submit(res)
    return nil
  end
  if type(res) ~= "table" then return tostring(res) end
  if res.action ~= nil then
    return shown(res, require("actions").run(state, name, res))
  end
  local text = res.display
  if text ~= nil and res.submit ~= false then
    panto.ext.agent:submit(tostring(text))
    return nil
  end
  return shown(res, text)
end

-- payload is bone's event table for a panto event.
function M.payload(state, event, e)
  if event == "tool_result" then
    return { name = e.tool_name, call_id = e.id, is_error = not e.result_ok, output = e.output }
  elseif event == "token_usage" then
    local ok, u = pcall(function() return panto.ext.agent:usage() end)
    if ok then return util.usage(u) end
    return {}
  elseif event == "turn_start" or event == "turn_end" then
    return { turn = e.turn, ok = e.ok, error = e.error }
  elseif event == "message" then
    return { role = e.name == "user_message" and "user" or "assistant", text = e.text }
  elseif event == "session_start" or event == "session_end" then
    return { session_id = e.session_id, reason = e.reason }
  end
  return {}
end

-- on_tool_call: bone's blocking tool_call is panto's tool_permission
-- vote; { block = true, reason } denies the call with the reason.
function M.on_tool_call(state, fn)
  panto.ext.on("tool_permission", function(e)
    -- A tool that only reads (a bone read_only tool, panto's read, grep,
    -- find, ls) is read_only; any other is danger, as bone says.
    local eff = e.effects
    local safety = "danger"
    if eff and #eff == 1 and eff[1] == "read" then safety = "read_only" end
    local ev = { name = e.tool_name, call_id = e.id, arguments = e.input, safety = safety }
    local ctx = state.ctx(e.id, { tool = e.tool_name })
    local res = fn(ev, ctx)
    if type(res) == "table" and res.block then
      e.decision = "deny"
      e.reason = res.reason and tostring(res.reason) or "blocked by a bone tool_call hook"
    end
  end)
end

-- on_before_turn: before each request of the session agent (the Go
-- half's before_request hook); the returned action applies to that
-- request.
function M.on_before_turn(state, fn)
  local host = state.host
  if not host then
    -- panto build and panto run --tool have no model requests: the
    -- handler is kept and never runs, as in bone without a turn.
    return
  end
  host.before_request(function(req)
    local messages = util.bone_messages(req.messages)
    local ev = { messages = messages, system_prompt = req.system, tools = req.tools }
    local ctx = state.ctx(nil, { history = messages })
    local res = fn(ev, ctx)
    if type(res) ~= "table" then return nil end
    return util.before_turn_action(res)
  end)
end

return M
