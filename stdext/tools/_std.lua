-- The standard tools' shared library. Its underscore keeps it out of
-- discovery; every tool file beside it does require("_std").
--
-- A tool file describes its tool once, as a spec:
--
--   return std.install_renderer({
--     name = "read", description = "...",
--     params = { { name = "path", type = "string", required = true, description = "..." }, ... },
--     effects = { "read" }, path_field = "path",              -- what it does, for permissions
--     run = function(args, context) ... return "result" end,
--   }, {
--     title = function(input) return input.path end,        -- optional
--     body = function(call, width, styles) return { ... } end, -- optional
--   })
--
-- std.declare turns the params into the JSON schema and into the input
-- checks the handler runs before run(args) (so run sees clean, typed
-- arguments, and a model gets an error naming the field it got wrong),
-- and install_renderer pairs that declaration with the tool lifecycle
-- events that draw the call's transcript block.
local panto = require("panto")

local M = {}
M.path = require("_path")
M.fs = require("_fs")
M.text = require("_text")
M.glob = require("_glob")

local json = panto.ext.json

-- fail ends a tool call with a message for the model. The host sends a
-- failed call's first line only, so messages are one line; level 0 keeps
-- the Lua position out of it (the model cannot use "_std.lua:12").
function M.fail(fmt, ...)
  local msg = select("#", ...) > 0 and string.format(fmt, ...) or fmt
  error((msg:gsub("\n", " ")), 0)
end

-- ---------------------------------------------------------------------
-- Declarations: params -> JSON schema and input checks

local JSON_TYPES = { string = "string", integer = "integer", boolean = "boolean", array = "array" }

local function schema_of(params)
  local props, required = {}, json.array({})
  for _, p in ipairs(params) do
    local s = { type = JSON_TYPES[p.type], description = p.description }
    if p.min then s.minimum = p.min end
    if p.max then s.maximum = p.max end
    if p.default ~= nil then s.default = p.default end
    if p.enum then s.enum = json.array({ table.unpack(p.enum) }) end
    if p.items then s.items = p.items end -- an array's element schema (the host checks it)
    props[p.name] = s
    if p.required then required[#required + 1] = p.name end
  end
  return { type = "object", properties = props, required = required, additionalProperties = false }
end

local function describe(v)
  if v == json.null then return "null" end
  local t = math.type(v) or type(v)
  if t == "table" then return "an array or object" end
  return ({ float = "a number", integer = "an integer", string = "a string", boolean = "a boolean" })[t] or t
end

local function names(params)
  local out = {}
  for _, p in ipairs(params) do out[#out + 1] = p.name end
  return table.concat(out, ", ")
end

-- check validates a decoded input against params and returns the
-- arguments with defaults filled in. JSON null counts as absent: models
-- send it for optional fields they mean to leave out.
local function check(params, input)
  if type(input) ~= "table" then
    M.fail("the input must be a JSON object with %s", names(params))
  end
  local known = {}
  for _, p in ipairs(params) do known[p.name] = p end
  for k in pairs(input) do
    if not known[k] then
      M.fail("unknown field '%s'; the fields are %s", tostring(k), names(params))
    end
  end
  local args = {}
  for _, p in ipairs(params) do
    local v = input[p.name]
    if v == json.null then v = nil end
    if v == nil then
      if p.required then
        M.fail("'%s' is required (%s)", p.name, p.description)
      end
      v = p.default
    elseif p.type == "string" then
      if type(v) ~= "string" then M.fail("'%s' must be a string, got %s", p.name, describe(v)) end
      if p.nonempty and v == "" then M.fail("'%s' must not be empty", p.name) end
      if v:find("\0", 1, true) and p.no_nul then M.fail("'%s' must not contain NUL bytes", p.name) end
      if p.enum then
        local okv = false
        for _, e in ipairs(p.enum) do okv = okv or e == v end
        if not okv then M.fail("'%s' must be one of %s, got '%s'", p.name, table.concat(p.enum, ", "), v) end
      end
    elseif p.type == "integer" then
      local n = math.type(v) == "float" and math.tointeger(v) or v
      if math.type(n) ~= "integer" then
        M.fail("'%s' must be an integer, got %s", p.name, describe(v))
      end
      if p.min and n < p.min then M.fail("'%s' must be at least %d, got %d", p.name, p.min, n) end
      if p.max and n > p.max then M.fail("'%s' must be at most %d, got %d", p.name, p.max, n) end
      v = n
    elseif p.type == "boolean" then
      if type(v) ~= "boolean" then M.fail("'%s' must be true or false, got %s", p.name, describe(v)) end
    elseif p.type == "array" then
      if type(v) ~= "table" or (next(v) ~= nil and v[1] == nil) then M.fail("'%s' must be an array, got %s", p.name, describe(v)) end
    end
    args[p.name] = v
  end
  return args
end

-- declare builds the tool declaration from a spec.
function M.declare(spec)
  local params = spec.params
  return {
    name = spec.name,
    description = spec.description,
    schema = schema_of(params),
    effects = spec.effects,
    path_field = spec.path_field,
    command_field = spec.command_field,
    handler = function(input, context)
      return spec.run(check(params, input), context)
    end,
  }
end

-- ---------------------------------------------------------------------
-- Rendering

-- Each base tool adds its renderer to one dispatcher shared through
-- package.loaded (each tool has its own copy of this module, but the Lua
-- state is shared), so the whole base layer subscribes each lifecycle
-- event once instead of once per tool: fewer handlers to run on every
-- event, and a short `panto run --list`.
local REGISTRY = "_stdext_renderers"

local COLLAPSED_LINES, EXPANDED_LINES = 4, 24

-- partial reads top-level string fields out of arguments that are still
-- streaming (not yet valid JSON), so the header shows the path while the
-- rest arrives; an unfinished last string is shown as far as it got.
local function partial(text)
  local out, pos = {}, 1
  while true do
    local _, e, key = text:find('"([%w_]+)"%s*:%s*"', pos)
    if not e then break end
    local i, buf = e + 1, {}
    while i <= #text do
      local c = text:sub(i, i)
      if c == '"' then break end
      if c == "\\" then
        i = i + 1
        local n = text:sub(i, i)
        c = ({ n = " ", t = " ", r = "" })[n] or n
      end
      buf[#buf + 1] = c
      i = i + 1
    end
    out[key] = table.concat(buf)
    pos = i + 1
  end
  return out
end

-- preview renders output lines under a header the way the native block
-- does ("  ⎿ " before the first, four spaces before the others), cut to
-- the collapsed or expanded height with a "+N lines" note. from_end keeps
-- the last lines instead of the first (a command's output ends with what
-- matters).
function M.preview(lines, call, styles, opts)
  opts = opts or {}
  local limit = call.collapsed and (opts.collapsed or COLLAPSED_LINES) or (opts.expanded or EXPANDED_LINES)
  local out, more = {}, 0
  local first, last = 1, #lines
  if #lines > limit then
    more = #lines - limit
    if opts.from_end then first = #lines - limit + 1 else last = limit end
  end
  local role = opts.role and styles[opts.role] or ""
  if opts.from_end and more > 0 then
    out[#out + 1] = "  ⎿ " .. styles.muted .. "… " .. more .. " earlier lines" .. styles.reset
  end
  for i = first, last do
    local prefix = (#out == 0) and "  ⎿ " or "    "
    local l = lines[i]
    if role ~= "" then l = role .. l .. styles.reset end
    out[#out + 1] = prefix .. l
  end
  if more > 0 and not opts.from_end then
    out[#out + 1] = "    " .. styles.muted .. "… +" .. more .. " lines" .. styles.reset
  end
  return out
end

local function default_body(call, width, styles)
  local text = (call.output or ""):gsub("\n+$", "")
  if text == "" then return { "  ⎿ " .. styles.muted .. "(no output)" .. styles.reset } end
  return M.preview(M.text.lines(text), call, styles, { role = not call.ok and "error" or nil })
end

-- render_call draws one call: a header with the tool's name and a one-line
-- title for its input, then its state (arguments arriving, running) or
-- its result.
local function render_call(r, call, width)
  local styles = panto.ext.style()
  local dot = ({ done = call.ok and styles.success or styles.error })[call.status] or styles.muted
  local header = dot .. "●" .. styles.reset .. " " .. styles.tool .. call.name .. styles.reset
  local input = call.input or partial(call.input_json)
  local ok, title = pcall(r.title or function() return nil end, input)
  if ok and type(title) == "string" and title ~= "" then
    local room = width - panto.text.width(call.name) - 3
    if room > 1 then header = header .. " " .. panto.text.truncate(title:gsub("%s+", " "), room) end
  end
  local chunks = { header }
  if call.status == "done" then
    -- A failed call shows its error the standard way, whatever the tool.
    local body = (call.ok and r.body) or default_body
    for _, c in ipairs(body(call, width, styles)) do chunks[#chunks + 1] = c end
  elseif call.status == "running" then
    -- What the handler streamed so far (the shell tool streams what the
    -- command prints), its last lines, else just that it runs.
    local live = (call.live or ""):gsub("\n+$", "")
    if live ~= "" then
      for _, c in ipairs(M.preview(M.text.lines(live), call, styles, { from_end = true })) do
        chunks[#chunks + 1] = c
      end
    else
      chunks[#chunks + 1] = "  ⎿ " .. styles.muted .. "running…" .. styles.reset
    end
  end
  return chunks
end

-- key identifies a call across its events: its id, or its position when
-- a provider sent no id (optional strings arrive as nil).
local function key(e)
  return e.id or ("#" .. tostring(e.index))
end

local function dispatcher()
  local d = package.loaded[REGISTRY]
  if d then return d end
  d = { renderers = {}, calls = {} }
  package.loaded[REGISTRY] = d
  local function on(event, update)
    panto.ext.on(event, function(e)
      local call = d.calls[key(e)]
      if not call or call.name ~= e.tool_name then return end
      update(call, e)
      if call.handle:alive() then call.handle:invalidate() end
    end)
  end
  panto.ext.on("tool_details", function(e)
    local r = d.renderers[e.tool_name]
    if not r then return end
    local call = { name = e.tool_name, collapsed = e.collapsed, status = "arguments", input_json = "" }
    call.handle = e:set_component({
      render = function(_, width) return render_call(r, call, width) end,
    })
    d.calls[key(e)] = call
  end)
  -- A finished call of a stored conversation (a resume): drawn as it
  -- was when it ended.
  panto.ext.on("tool_replay", function(e)
    local r = d.renderers[e.tool_name]
    if not r then return end
    local call = { name = e.tool_name, collapsed = e.collapsed, status = "done", input_json = "",
      input = e.input, output = e.output, ok = e.result_ok }
    call.handle = e:set_component({
      render = function(_, width) return render_call(r, call, width) end,
    })
    d.calls[key(e)] = call
  end)
  on("tool_delta", function(call, e) call.input_json = e.input end)
  on("tool_call_complete", function(call, e) call.input = e.input end)
  on("tool_dispatch_start", function(call, e)
    call.input, call.status = e.input, "running"
  end)
  on("tool_output_delta", function(call, e)
    if e.partial then call.live = e.output end
  end)
  on("tool_result", function(call, e)
    call.output, call.ok, call.status = e.output, e.result_ok, "done"
  end)
  -- Calls stay in the map after their result: tool_collapse may come at
  -- any time, and the block keeps the call's state alive anyway.
  on("tool_collapse", function(call, e) call.collapsed = e.collapsed end)
  return d
end

-- install_renderer pairs a tool with the tool lifecycle events. It takes
-- the tool's spec (see the top of this file) and a renderer { title,
-- body } (both optional), and returns what the tool file returns: the tool
-- declaration, which the host registers (so `--list` names the tool's own
-- file as its source), and an entry whose activate() subscribes the
-- renderer. Both carry the tool's name, so [extensions] allow and deny
-- treat them as one.
function M.install_renderer(spec, renderer)
  local decl = M.declare(spec)
  return {
    decl,
    {
      name = spec.name,
      activate = function()
        dispatcher().renderers[spec.name] = renderer or {}
      end,
    },
  }
end

return M
