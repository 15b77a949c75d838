-- Helpers of the bone layer: argument checks, logging, the environment
-- bone code runs in, and conversions between bone's shapes and panto's.
local panto = require("panto")

local M = {}

function M.check_table(t, fn)
  if type(t) ~= "table" then error(fn .. ": expected a table, got " .. type(t), 3) end
end

function M.need_string(t, k, fn)
  local v = t[k]
  if type(v) ~= "string" or v == "" then
    error(string.format("%s: '%s' (a non-empty string) is required", fn, k), 3)
  end
  return v
end

-- refuse raises the error of a bone API that cannot mean the same in
-- panto: what it is, why, and panto's way.
function M.refuse(api, why, way)
  error(string.format("%s is not supported by panto's bone layer: %s; %s (docs/bone.md)", api, why, way), 3)
end

-- display shortens a path below the home folder to ~/...
function M.display(p)
  local home = panto.ext.dirs.home
  if home and p:sub(1, #home + 1) == home .. "/" then return "~" .. p:sub(#home + 1) end
  return p
end

-- announce prints the start-up line, once per session (a rebuild for
-- /new activates the layer again and must not repeat it).
function M.announce(host, msg)
  if host then
    host.announce(msg)
  else
    io.stderr:write("panto: " .. msg .. "\n")
  end
end

-- logger is bone.log: warn and error are notices (the transcript, or
-- stderr headless); info too; debug only when BONE_LOG=debug.
function M.logger(host)
  local debug_on = os.getenv("BONE_LOG") == "debug"
  local function emit(level, msg)
    msg = tostring(msg)
    if host then
      host.notice("bone " .. level, msg)
    else
      io.stderr:write("panto: bone " .. level .. ": " .. msg .. "\n")
    end
  end
  return {
    info = function(msg) emit("info", msg) end,
    warn = function(msg) emit("warn", msg) end,
    error = function(msg) emit("error", msg) end,
    debug = function(msg) if debug_on then emit("debug", msg) end end,
  }
end

-- env is the global environment of all bone code of a session, as bone
-- runs init.lua and its plugins in one Lua state: the bone global,
-- cjson, and a require that finds bone's modules before panto's. A
-- module is looked up below the root of the file that requires it (its
-- lua/ folder and the root itself, as bone's package.path does), then
-- below every other root; roots are bone's folder, each plugin's and
-- each layer's bone/.
function M.env(bone, cjson, roots)
  local loaded = {}
  local env = setmetatable({ bone = bone, cjson = cjson }, { __index = _G })
  env._G = env
  local function candidates(caller)
    local mine, others = {}, {}
    for _, r in ipairs(roots) do
      if caller and caller:sub(1, #r + 1) == r .. "/" then mine[#mine + 1] = r else others[#others + 1] = r end
    end
    table.sort(mine, function(a, b) return #a > #b end)
    for _, r in ipairs(others) do mine[#mine + 1] = r end
    return mine
  end
  env.require = function(name)
    if name == "cjson" or name == "cjson.safe" then return cjson end
    if loaded[name] ~= nil then return loaded[name] end
    local info = debug.getinfo(2, "S")
    local caller = info and info.source and info.source:match("^@(.*)$")
    local rel = name:gsub("%.", "/")
    for _, root in ipairs(candidates(caller)) do
      for _, pat in ipairs({ root .. "/lua/" .. rel .. ".lua", root .. "/lua/" .. rel .. "/init.lua",
        root .. "/" .. rel .. ".lua", root .. "/" .. rel .. "/init.lua" }) do
        local f = io.open(pat, "r")
        if f then
          local src = f:read("a")
          f:close()
          local chunk, err = load(src, "@" .. pat, "t", env)
          if not chunk then error(err, 2) end
          local v = chunk(name, pat)
          if v == nil then v = true end
          loaded[name] = v
          return v
        end
      end
    end
    return require(name)
  end
  return env
end

-- usage is bone's usage snapshot from agent:usage().
function M.usage(u)
  return {
    input_tokens = u.input, output_tokens = u.output,
    cache_read_tokens = u.cache_read, cache_write_tokens = u.cache_write,
    reasoning_tokens = u.reasoning, context_tokens = u.context,
    total_tokens = (u.input or 0) + (u.output or 0),
    input = u.input, output = u.output, cache_read = u.cache_read, cache_write = u.cache_write,
    reasoning = u.reasoning, context = u.context,
  }
end

-- text_of joins a panto message's text blocks.
local function text_of(m)
  local parts = {}
  for _, bl in ipairs(m.blocks or {}) do
    if bl.type == "text" and bl.text then parts[#parts + 1] = bl.text end
  end
  return table.concat(parts, "\n")
end
M.text_of = text_of

-- bone_messages adds bone's { role, content } to panto messages (the
-- blocks stay, so a message can be handed back unchanged).
function M.bone_messages(ms)
  local out = {}
  for i, m in ipairs(ms or {}) do
    local c = {}
    for k, v in pairs(m) do c[k] = v end
    c.content = text_of(m)
    local calls = {}
    for _, bl in ipairs(m.blocks or {}) do
      if bl.type == "tool_call" then
        calls[#calls + 1] = { id = bl.id, name = bl.name, arguments = bl.input }
      end
    end
    if #calls > 0 then c.tool_calls = calls end
    out[i] = c
  end
  return out
end

-- before_turn_action reads a before_turn handler's return: keys
-- (system_prompt_append = "...", tool_filter = { ... },
-- conversation_replace = { messages }) or one action with siblings
-- ({ action = "system_prompt_append", text = "..." }).
function M.before_turn_action(res)
  local out = {}
  local action = res.action or res.type
  if action == "system_prompt_append" then
    out.system_prompt_append = res.text or res.content or res.system_prompt_append
  elseif action == "tool_filter" then
    out.tool_filter = res.tools or res.names or res.allow or res.tool_filter
  elseif action == "conversation_replace" then
    out.messages = res.messages or res.conversation_replace
  elseif action ~= nil then
    error("before_turn returned unknown action '" .. tostring(action) ..
      "'; bone's are conversation_replace, system_prompt_append and tool_filter", 0)
  end
  if type(res.system_prompt_append) == "string" then out.system_prompt_append = res.system_prompt_append end
  if type(res.tool_filter) == "table" then out.tool_filter = res.tool_filter end
  if type(res.conversation_replace) == "table" then
    out.messages = res.conversation_replace.messages or res.conversation_replace
  end
  if next(out) == nil then return nil end
  return out
end

return M
