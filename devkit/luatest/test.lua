-- panto.test: the test API of `panto test` (docs/testing.md).
--
-- A test file registers tests with test(name, fn); the runner runs each
-- one in the layer's own session. The operations that drive the host (a
-- tool call, a slash command, an event, a render, a model turn) are
-- yielded to the runner, which performs them the way a session does and
-- resumes the test with the result; assertions are plain Lua and fail
-- with a message that shows what differed.
local OP = ... -- the marker the runner recognises yields by

local M = { _tests = {} }

local function op(kind, args)
  local reply = coroutine.yield(OP, kind, args)
  -- Level 2: the operations call op in a tail call, so the caller of
  -- t.tool (the test) is the next level up.
  if reply.error ~= nil then error(reply.error, 2) end
  return reply.value
end

-- test registers a test; fn receives this module.
function M.test(name, fn)
  if type(name) ~= "string" or name == "" then error("test: the name must be a non-empty string", 2) end
  if type(fn) ~= "function" then error("test '" .. name .. "': the body must be a function", 2) end
  for _, t in ipairs(M._tests) do
    if t.name == name then error("test '" .. name .. "' is defined twice", 2) end
  end
  M._tests[#M._tests + 1] = { name = name, fn = fn }
end

-- The host, driven as a session drives it.

--- Calls a tool with an input (a table, or JSON text) through the whole
--- lifecycle, event handlers included: { ok, output, attachments, input }.
function M.tool(name, input) return op("tool", { name = name, input = input or {} }) end

--- Runs a slash command line ("/name args"): { ok, output, error }.
function M.command(line) return op("command", { line = line }) end

--- Fires an event with fields (unlisted ones get neutral values) and
--- returns { fields = what handlers left, block } .
function M.fire(name, fields) return op("fire", { name = name, fields = fields or {} }) end

--- Renders the block of a tool call or a fired event at a width: its
--- rows, styles removed and trailing spaces trimmed ({ styled = true }
--- keeps them exactly as a terminal gets them).
function M.render(x, width, opts)
  if type(x) ~= "table" or x.block == nil then error("render: give the result of tool() or fire() for an event with a component", 2) end
  return op("render", { block = x.block, width = width, styled = opts and opts.styled or false })
end

--- Runs a whole model turn against a scripted model: { prompt, script =
--- { response, ... } } (or script_file = "turns.jsonl"), each response in
--- the script protocol's format. Returns { status, text, error,
--- tool_calls, events, transcript, messages, requests, remaining }.
function M.turn(opts) return op("turn", opts) end

-- Assertions.

local function show(v, depth)
  depth = depth or 0
  local t = type(v)
  if t == "string" then return string.format("%q", v):gsub("\\\n", "\\n") end
  if t ~= "table" then return tostring(v) end
  if depth > 3 then return "{...}" end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    if type(a) == type(b) and (type(a) == "number" or type(a) == "string") then return a < b end
    return type(a) < type(b)
  end)
  local parts, n = {}, #v
  for i = 1, n do parts[#parts + 1] = show(v[i], depth + 1) end
  for _, k in ipairs(keys) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then
      local key = (type(k) == "string" and k:match("^[%a_][%w_]*$")) and k or "[" .. show(k) .. "]"
      parts[#parts + 1] = key .. " = " .. show(v[k], depth + 1)
    end
  end
  return "{ " .. table.concat(parts, ", ") .. " }"
end
M.show = show

-- diff finds the first place where got and want differ: a path and the
-- two values there.
local function diff(got, want, path)
  if got == want then return nil end
  if type(got) ~= "table" or type(want) ~= "table" then
    return path, got, want
  end
  local seen = {}
  for k, w in pairs(want) do
    seen[k] = true
    local p, g2, w2 = diff(got[k], w, path .. (type(k) == "string" and "." .. k or "[" .. tostring(k) .. "]"))
    if p then return p, g2, w2 end
  end
  for k, g in pairs(got) do
    if not seen[k] then
      return path .. (type(k) == "string" and "." .. k or "[" .. tostring(k) .. "]"), g, nil
    end
  end
  return nil
end

local function lines(s)
  local out = {}
  for l in (s .. "\n"):gmatch("(.-)\n") do out[#out + 1] = l end
  return out
end

-- string_diff shows two texts line by line from the first difference.
local function string_diff(got, want)
  local g, w = lines(got), lines(want)
  local i = 1
  while i <= #g and i <= #w and g[i] == w[i] do i = i + 1 end
  local out = { string.format("texts differ at line %d:", i) }
  for j = math.max(1, i - 1), math.min(math.max(#g, #w), i + 2) do
    local gl, wl = g[j], w[j]
    if gl == wl then
      out[#out + 1] = "    " .. show(gl)
    else
      if wl ~= nil then out[#out + 1] = "  - " .. show(wl) .. "   (want)" end
      if gl ~= nil then out[#out + 1] = "  + " .. show(gl) .. "   (got)" end
    end
  end
  return table.concat(out, "\n")
end

local function fail(msg, level)
  error(msg, (level or 1) + 2)
end

local function prefix(msg)
  return msg and (msg .. ": ") or ""
end

--- got must equal want (tables compared deeply).
function M.eq(got, want, msg)
  local p, g, w = diff(got, want, "")
  if not p then return end
  local text
  if type(g) == "string" and type(w) == "string" and (g:find("\n") or w:find("\n")) then
    text = string_diff(g, w)
  else
    text = "not equal:\n  got:  " .. show(got) .. "\n  want: " .. show(want)
    if p ~= "" then text = text .. "\n  at " .. p:gsub("^%.", "") .. ": got " .. show(g) .. ", want " .. show(w) end
  end
  if p ~= "" and type(g) == "string" and type(w) == "string" and (g:find("\n") or w:find("\n")) then
    text = "at " .. p:gsub("^%.", "") .. ": " .. text
  end
  fail(prefix(msg) .. text)
end

--- got must differ from other.
function M.ne(got, other, msg)
  if diff(got, other, "") == nil then fail(prefix(msg) .. "both are " .. show(got)) end
end

--- v must be truthy.
function M.ok(v, msg)
  if not v then fail(prefix(msg) .. "expected a true value, got " .. show(v)) end
  return v
end

--- s must contain sub (plain text).
function M.contains(s, sub, msg)
  if type(s) ~= "string" then fail(prefix(msg) .. "expected a string containing " .. show(sub) .. ", got " .. show(s)) end
  if not s:find(sub, 1, true) then
    fail(prefix(msg) .. "expected text containing " .. show(sub) .. ", got:\n  " .. show(s))
  end
end

--- s must match a Lua pattern.
function M.matches(s, pattern, msg)
  if type(s) ~= "string" or not s:match(pattern) then
    fail(prefix(msg) .. "expected a match of pattern " .. show(pattern) .. ", got:\n  " .. show(s))
  end
end

--- fn must raise an error (containing sub, when given); returns the message.
function M.errors(fn, sub, msg)
  local ok, err = pcall(fn)
  if ok then fail(prefix(msg) .. "expected an error, but the call returned") end
  err = tostring(err)
  if sub and not err:find(sub, 1, true) then
    fail(prefix(msg) .. "expected an error containing " .. show(sub) .. ", got:\n  " .. show(err))
  end
  return err
end

--- Fails the test now.
function M.fail(msg) fail(msg or "failed") end

--- Ends the test, counted as skipped.
function M.skip(msg) error(setmetatable({ skip = msg or "skipped" }, { __tostring = function(s) return "skip: " .. s.skip end }), 0) end

return M
