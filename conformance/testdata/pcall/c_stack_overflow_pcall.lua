-- deeply nested pcall recursion overflows the C stack and is reported as an error
local depth = 0
local function nest()
  depth = depth + 1
  local ok, e = pcall(nest)
  if not ok then error(e, 0) end
end
local ok, e = pcall(nest)
print(ok)
print((tostring(e):gsub("%d+", "N")))
print(depth > 100)
