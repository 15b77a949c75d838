-- binary-trees: allocation of many short-lived small tables (the tree
-- nodes) and a recursive walk over them; one long-lived tree survives the
-- whole run. Measures table construction and the garbage collector.
-- Checksum: the total node count of every tree walked.
-- bench: quick=8
local maxdepth = tonumber(arg and arg[1]) or 15
local mindepth = 4
if maxdepth < mindepth + 2 then
  maxdepth = mindepth + 2
end

local function bottomUp(depth)
  if depth == 0 then
    return {}
  end
  depth = depth - 1
  return { bottomUp(depth), bottomUp(depth) }
end

local function check(tree)
  local left = tree[1]
  if left then
    return 1 + check(left) + check(tree[2])
  end
  return 1
end

local total = 0
local stretch = check(bottomUp(maxdepth + 1))
total = total + stretch

local longlived = bottomUp(maxdepth)

for depth = mindepth, maxdepth, 2 do
  local iterations = 1
  for _ = 1, maxdepth - depth + mindepth do
    iterations = iterations * 2
  end
  local sum = 0
  for _ = 1, iterations do
    sum = sum + check(bottomUp(depth))
  end
  total = total + sum
end
total = total + check(longlived)

print(string.format("depth %d: %d nodes", maxdepth, total))
