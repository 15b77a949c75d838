-- Generic for loops over pairs and next, which native code runs without a
-- frame for next: one, two and three loop variables, arrays, hashes and
-- both, fields cleared during the traversal, next called directly, errors,
-- hooks and a yield in the loop body.

local t = {10, 20, 30, x = 1, y = 2, z = 3}
local keys = {}
for k in pairs(t) do keys[#keys + 1] = tostring(k) end
table.sort(keys)
print(table.concat(keys, " "))

local sum = 0
for k, v in pairs(t) do sum = sum + v end
print(sum)

local n3 = 0
for k, v, extra in next, t do
  assert(extra == nil)
  n3 = n3 + 1
end
print(n3)

for k, v in pairs({}) do error("empty") end
for k, v in next, {nil, nil, 3} do print("only", k, v) end

-- Clearing fields while traversing is allowed.
local h = {}
for i = 1, 100 do h["k" .. i] = i end
local seen = 0
for k, v in pairs(h) do
  h[k] = nil
  seen = seen + v
end
print(seen, next(h))

-- Assigning existing fields while traversing.
local a = {1, 2, 3, p = 4}
for k, v in pairs(a) do a[k] = v * 2 end
print(a[1], a[2], a[3], a.p)

-- next called with an invalid key, and on a non-table.
print(pcall(next, {}, "nokey"))
print(pcall(function() for k in next, 42 do end end))
print(pcall(function() for k, v in pairs(nil) do end end))

-- __pairs, and a table with a metatable without it.
local proxy = setmetatable({}, {__pairs = function(self) return function(_, k) if not k then return 1, "one" end end, self, nil end})
for k, v in pairs(proxy) do print("pairs", k, v) end
local withMeta = setmetatable({q = 1}, {__index = function() return 0 end})
for k, v in pairs(withMeta) do print("meta", k, v) end

-- A call hook sees next called by the loop.
local calls = 0
debug.sethook(function()
  local i = debug.getinfo(2, "n")
  if i.name == "for iterator" then calls = calls + 1 end
end, "c")
for k, v in pairs({1, 2, 3}) do end
debug.sethook()
print(calls)

-- Yields from the loop body.
local co = coroutine.wrap(function(tab)
  local acc = 0
  for k, v in pairs(tab) do acc = acc + coroutine.yield(v) end
  return "sum " .. acc
end)
local r = co({5, 6, 7})
while type(r) == "number" do r = co(r * 2) end
print(r)

-- Go iterators other than next: their results adjusted to the loop's
-- variables (fewer, as many, more), and an iterator that yields the
-- coroutine running the loop.
local acc = {}
for i, v in ipairs({ "a", "b", "c" }) do acc[#acc + 1] = i .. v end
for k, v in string.gmatch("x=1, y=22", "(%w+)=(%w+)") do acc[#acc + 1] = k .. v end
for w in string.gmatch("one two", "%a+") do acc[#acc + 1] = w end
local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i, i * 10) end end)
for a, b, c in gen do acc[#acc + 1] = tostring(a) .. tostring(b) .. tostring(c) end
local gen1 = coroutine.wrap(function() coroutine.yield() coroutine.yield(1, 2, 3, 4) end)
for a, b in gen1 do acc[#acc + 1] = tostring(a) .. tostring(b) break end
print(table.concat(acc, " "))
local co = coroutine.wrap(function()
  local seen = {}
  for v, w in coroutine.yield, "tick", nil do
    if v == nil then break end
    seen[#seen + 1] = tostring(v) .. tostring(w)
  end
  return table.concat(seen, ",")
end)
print(co(), co(1, 2), co(3), co(nil))
