-- a division or modulo by zero does not save the pc, so its message names
-- the line of the last instruction that did: here a numeric for's FORPREP
local function after_int_for(n)
  local x = 0
  for i = 1, n do
    x = x + i
  end
  return x // 0
end
print(pcall(after_int_for, 3))
print(pcall(after_int_for, 0)) -- the loop does not run; FORPREP still saved

local function modulo_after_for()
  local s = 0
  for i = 10, 1, -2 do s = s + i end
  local z = 0
  return s % z
end
print(pcall(modulo_after_for))

local function after_float_for()
  local x = 0
  for f = 0.5, 2.5 do
    x = x + 1
  end
  return x // 0
end
print(pcall(after_float_for))

local function no_for(a)
  local b = a * 2
  return b % 0
end
print(pcall(no_for, 4))
