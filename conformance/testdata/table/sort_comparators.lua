-- table.sort's comparator: every kind of callee and call the library's
-- two-argument callback path has to handle as a general call would.

-- A comparator with more parameters than arguments: the extra ones are nil.
local t = {5, 3, 8, 1, 9, 2}
table.sort(t, function(a, b, c, d)
  assert(c == nil and d == nil)
  c, d = a, b -- left in the slots the next call's c and d take
  return a < b
end)
print(table.concat(t, " "))

-- A vararg comparator sees exactly two arguments.
t = {4, 7, 1, 6}
table.sort(t, function(...)
  assert(select("#", ...) == 2)
  local a, b = ...
  return a > b
end)
print(table.concat(t, " "))

-- A Go function as the comparator (rawequal is never true here).
t = {3, 1, 2}
print(pcall(table.sort, t, rawequal))

-- A callable table is not a function.
local callable = setmetatable({}, {__call = function(_, a, b) return a < b end})
print(pcall(table.sort, {9, 4, 6, 2}, callable))

-- A sort inside a comparator: nested library callbacks.
local depth, maxdepth = 0, 0
local function cmp(a, b)
  depth = depth + 1
  if depth > maxdepth then maxdepth = depth end
  if depth < 4 then
    local u = {3, 2, 1}
    table.sort(u, cmp)
  end
  depth = depth - 1
  return a < b
end
t = {2, 1}
table.sort(t, cmp)
print(table.concat(t, " "), maxdepth)

-- A count hook set inside the comparator, and removed by it.
local hooked = 0
t = {6, 5, 4, 3, 2, 1}
local calls = 0
table.sort(t, function(a, b)
  calls = calls + 1
  if calls == 2 then
    debug.sethook(function() hooked = hooked + 1 end, "", 1)
  elseif calls == 5 then
    debug.sethook()
  end
  return a < b
end)
print(table.concat(t, " "), hooked > 0)

-- A comparator that yields: not across the sort.
local co = coroutine.wrap(function()
  local u = {2, 1}
  return pcall(table.sort, u, function(a, b) coroutine.yield() return a < b end)
end)
print(co())

-- An error's traceback names the comparator and the sort.
print(select(2, xpcall(table.sort, function(m) return (m:gsub("^.-:%d+: ", "")) end,
  {1, 2, 3}, function(a, b) error("bad " .. tostring(a < b)) end)))

-- A comparator returning several values and none: the first counts.
t = {3, 1, 2}
table.sort(t, function(a, b) return a < b, "extra" end)
print(table.concat(t, " "))
print(pcall(table.sort, {2, 1}, function() end))
