-- Integer-keyed reads (GETI, GETTABLE) that native code answers past the
-- array part (runtime/native.go GetI, GetTable): keys in the hash part,
-- absent keys without a metatable, and the cases a metatable decides.

local function leaves(t) -- binary_trees' walk: tree[1] of a leaf {}
  local left = t[1]
  if left then return 1 + leaves(left) + leaves(t[2]) end
  return 1
end
local function build(d)
  if d == 0 then return {} end
  return { build(d - 1), build(d - 1) }
end
print(leaves(build(6)))

local h = {}
h[3], h[100], h[-1], h[0] = "three", "hundred", "minus", "zero"
local out = {}
for i = -2, 5 do out[#out + 1] = tostring(h[i]) end
print(table.concat(out, " "), h[3], h[100], h[-1], h[0], h[1], h[2], h[101])

-- A metatable: present keys are read raw, absent ones go to __index.
local calls = 0
local m = setmetatable({ 10, 20, [5] = 50, [1000] = "k" }, { __index = function(t, k)
  calls = calls + 1
  return "idx" .. k
end })
out = {}
for i = 1, 6 do out[#out + 1] = tostring(m[i]) end
print(table.concat(out, " "), m[1000], m[5], m[7], m[3], calls)
local chain = setmetatable({}, { __index = { [1] = "a", [9] = "i" } })
print(chain[1], chain[9], chain[2])
for i = 1, 3 do io.write(tostring(chain[i]), i < 3 and " " or "\n") end

-- Keys that move between the parts as the table changes.
local g = {}
for round = 1, 3 do
  for i = 1, 8, round do g[i] = i * round end
  local s = {}
  for i = 0, 9 do s[#s + 1] = tostring(g[i]) end
  print(round, table.concat(s, " "), g[8], g[4])
  for i = 1, 8 do g[i] = nil end
  g[7] = round
end
print(g[7], g[1])
