-- bone's tool display ({ show, show_result, args, template, eager }) and
-- live panes (ctx.ui.pane, a result's pane) as panto components on the
-- tool's transcript block.
local panto = require("panto")
local uv = require("luv")
local keys = require("keys")

local M = {}

-- ASKING is the line a call waiting in ctx.ui.key shows: panto's way to
-- give a component the keyboard is Ctrl-G.
local ASKING = "  ⌨ waiting for a key: ctrl+g gives this tool the keyboard, esc gives it back"

local MAX_RESULT_LINES = 12

-- fill replaces {name} in a template with the input's fields.
local function fill(template, input)
  return (template:gsub("{([%w_]+)}", function(k)
    local v = input and input[k]
    if v == nil or v == panto.ext.json.null then return "" end
    if type(v) == "table" then return panto.ext.json.encode(v) end
    return tostring(v)
  end))
end

-- COMPLETIONS close a JSON object cut off mid-way, in the order tried:
-- the arguments of a call still streaming are such a prefix.
local COMPLETIONS = { "", "}", "\"}", "null}", "\":null}", "]}", "\"]}" }

-- partial is what can be read of streamed arguments so far: the fields
-- whose keys have arrived (a string still arriving shows what came).
local function partial(raw)
  if type(raw) ~= "string" then return nil end
  for _, tail in ipairs(COMPLETIONS) do
    local v = panto.ext.json.decode(raw .. tail)
    if type(v) == "table" then return v end
  end
  return nil
end

local function pane_lines(p)
  if type(p) == "string" then return { p } end
  if type(p) ~= "table" then return { tostring(p) } end
  local out = {}
  if p.title then out[#out + 1] = tostring(p.title) end
  if type(p.lines) == "table" then
    for _, l in ipairs(p.lines) do out[#out + 1] = tostring(l) end
  end
  local body = p.text or p.content or p.body
  if body ~= nil then out[#out + 1] = tostring(body) end
  return out
end

-- component is the block of one call of a bone tool.
local function component(state, name, disp, inner)
  local c = { name = name, disp = disp, inner = inner }
  function c.render(self, width)
    state.width = width
    local lines = self:lines(width)
    if self.asking then
      if type(lines) ~= "table" then lines = { tostring(lines) } end
      lines[#lines + 1] = ASKING
    end
    return lines
  end
  function c.lines(self, width)
    if self.pane ~= nil then
      local lines = pane_lines(self.pane)
      table.insert(lines, 1, "● " .. self.name)
      return lines
    end
    local d = self.disp
    if not d then return self.inner:render(width) end
    if d.show == false then return {} end
    local lines = {}
    -- eager: the header shows the arguments while they stream in.
    local input = self.input or (d.eager and self.partial) or nil
    if d.template and (input or d.eager) then
      lines[1] = "● " .. fill(d.template, input or {})
    else
      local parts = {}
      if type(d.args) == "table" and input then
        for _, k in ipairs(d.args) do
          if input[k] ~= nil and input[k] ~= panto.ext.json.null then parts[#parts + 1] = k .. "=" .. tostring(input[k]) end
        end
      end
      lines[1] = "● " .. self.name .. (#parts > 0 and (" " .. table.concat(parts, " ")) or "")
    end
    if d.show_result ~= false and self.output then
      local n = 0
      for l in (self.output .. "\n"):gmatch("([^\n]*)\n") do
        n = n + 1
        if n > MAX_RESULT_LINES then
          lines[#lines + 1] = "  …"
          break
        end
        lines[#lines + 1] = "  " .. l
      end
    end
    return lines
  end
  return c
end

-- install puts a component on every call of a bone tool, for its
-- display config and for panes.
function M.install(state, name, disp)
  if disp ~= nil and type(disp) ~= "table" then
    error("bone.register_tool: tool '" .. name .. "': display must be a table { show, show_result, args, template, eager }", 3)
  end
  state.blocks = state.blocks or {}
  panto.ext.on("tool_details", function(e)
    if e.tool_name ~= name then return end
    local c = component(state, name, disp, e:get_component())
    local handle = e:set_component(c)
    state.blocks[e.id] = { c = c, handle = handle }
  end)
  if disp and disp.eager then
    panto.ext.on("tool_delta", function(e)
      if e.tool_name ~= name then return end
      local blk = state.blocks[e.id]
      if not blk then return end
      local v = partial(e.input)
      if v then
        blk.c.partial = v
        blk.handle:invalidate()
      end
    end)
  end
  panto.ext.on("tool_call_complete", function(e)
    local blk = state.blocks[e.id]
    if not blk then return end
    blk.c.input = e.input
    blk.handle:invalidate()
  end)
  panto.ext.on("tool_result", function(e)
    local blk = state.blocks[e.id]
    if not blk then return end
    blk.c.output = e.output
    if blk.keys then
      -- The call is over (cancelled while waiting for a key, or done):
      -- its block takes no more keys.
      blk.c.asking, blk.c.handleInput, blk.wake = nil, nil, nil
      blk.handle:set_pinned(false)
    end
    blk.handle:invalidate()
    state.blocks[e.id] = nil
    state.finished = state.finished or {}
    state.finished[e.id] = blk
  end)
end

-- pane shows p in the block of call id (ctx.ui.pane, a result's pane).
function M.pane(state, id, p)
  local blk = (state.blocks and state.blocks[id]) or (state.finished and state.finished[id])
  if not blk then return end
  blk.c.pane = p
  if blk.handle:alive() then blk.handle:invalidate() end
end

-- key waits for one key pressed while the block of call id has the
-- keyboard (ctx.ui.key): the block is pinned and says so, the user gives
-- it the keyboard with Ctrl-G, and the key's bytes come through the
-- component's handleInput, queued, so keys typed while the tool works
-- between two calls are not lost. The call awaits, as ctx.shell does.
function M.key(state, id)
  local blk = state.blocks and state.blocks[id]
  if not blk or not blk.handle:alive() then
    error("ctx.ui.key: this tool call has no block in the transcript to take the keyboard", 3)
  end
  if not coroutine.isyieldable() then
    error("ctx.ui.key awaits a key: call it from a tool's execute", 3)
  end
  local c, handle = blk.c, blk.handle
  local q = blk.keys
  if not q then
    q = {}
    blk.keys = q
    c.handleInput = function(self, data)
      q[#q + 1] = data
      if blk.wake then blk.wake() end
    end
  end
  if #q == 0 then
    local co = coroutine.running()
    local waiting = false
    -- A timer keeps the loop waiting for the key; handleInput, a
    -- synchronous entrypoint that must not resume the tool itself, sets
    -- it to fire at once.
    local timer = uv.new_timer()
    timer:start(3600000, 3600000, function() end)
    blk.wake = function()
      timer:stop()
      timer:start(0, 0, function()
        if waiting then
          waiting = false
          local ok, err = coroutine.resume(co)
          if not ok then error(err, 0) end
        end
      end)
    end
    c.asking = true
    handle:set_pinned(true)
    handle:invalidate()
    while #q == 0 do
      waiting = true
      coroutine.yield()
    end
    blk.wake = nil
    timer:close()
    c.asking = nil
    handle:set_pinned(false)
    handle:invalidate()
  end
  return keys.decode(table.remove(q, 1))
end

-- width is the terminal width the last render saw; 0 before any (and
-- always in a headless run, which renders nothing).
function M.width(state)
  return state.width or 0
end

return M
