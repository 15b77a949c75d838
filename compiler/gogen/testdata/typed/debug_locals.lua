-- a call after a typed loop sees the locals the loop wrote
local function f()
  local s, t = 0, 1.5
  for i = 1, 100 do s = s + i; t = t * 1.01 end
  local n1, v1 = debug.getlocal(1, 1)
  local n2, v2 = debug.getlocal(1, 2)
  return n1, v1, n2, v2
end
print(f())
for k = 1, 3 do
  local s = 0
  for i = 1, 10 * k do s = s + i end
  print(k, debug.getlocal(1, 4))
end
