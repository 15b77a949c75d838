-- bone's tool display ({ show, show_result, args, template, eager }) and
-- live panes (ctx.ui.pane, a result's pane) as panto components on the
-- tool's transcript block.
local panto = require("panto")

local M = {}

local MAX_RESULT_LINES = 12

-- fill replaces {name} in a template with the input's fields.
local function fill(template, input)
  return (template:gsub("{([%w_]+)}", function(k)
    local v = input and input[k]
    if v == nil then return "" end
    if type(v) == "table" then return panto.ext.json.encode(v) end
    return tostring(v)
  end))
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
    if self.pane ~= nil then
      local lines = pane_lines(self.pane)
      table.insert(lines, 1, "● " .. self.name)
      return lines
    end
    local d = self.disp
    if not d then return self.inner:render(width) end
    if d.show == false then return {} end
    local lines = {}
    if d.template and (self.input or d.eager) then
      lines[1] = "● " .. fill(d.template, self.input or {})
    else
      local parts = {}
      if type(d.args) == "table" and self.input then
        for _, k in ipairs(d.args) do
          if self.input[k] ~= nil then parts[#parts + 1] = k .. "=" .. tostring(self.input[k]) end
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

-- width is the terminal width the last render saw; 0 before any (and
-- always in a headless run, which renders nothing).
function M.width(state)
  return state.width or 0
end

return M
