-- a callee changes the typed loop's locals behind its back: with
-- debug.setlocal (to another number type, to a string) and through an
-- upvalue of a closure made before the loop
local function bump(level, idx, v)
  debug.setlocal(level, idx, v)
end
local function run()
  local acc, k = 0, 1
  for i = 1, 6 do
    acc = acc + k * i
    if i == 2 then bump(2, 1, 0.5) end -- acc becomes a float
    if i == 4 then bump(2, 2, "10") end -- k becomes a string
  end
  return acc, k
end
print(run())
local function run2()
  local n = 0
  local set = function(v) n = v end
  local t = {3, 4, 5, 6}
  for i = 1, 4 do
    n = n + t[i]
    if i == 2 then set(1.5) end
    n = n * 2
  end
  return n
end
print(run2())
