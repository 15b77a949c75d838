-- errors raised inside typed loops, at the right line: indexing a nil
-- element, arithmetic on a string read from a table, calling a nil
-- field, a division by zero after a call
local function try(f, ...)
  local ok, err = pcall(f, ...)
  print(ok, err)
end
try(function()
  local t = {{x = 1.0}, {x = 2.0}, 5, {x = 4.0}}
  local s = 0.0
  for i = 1, #t do
    s = s + t[i].x
  end
  return s
end)
try(function()
  local t = {1.5, 2.5, "x", 4.5}
  local s = 0.0
  for i = 1, 4 do
    s = s * 2 +
      t[i]
  end
  return s
end)
try(function()
  local m = {f = function(x) return x * 2.0 end}
  local s = 0.0
  for i = 1, 4 do
    s = s + m.f(i)
    if i == 2 then m.f = nil end
  end
  return s
end)
try(function()
  local t = {4, 2, 0, 1}
  local s = 0
  for i = 1, 4 do
    s = s + 100 // t[i] + tonumber("1")
  end
  return s
end)
try(function()
  local t = setmetatable({}, {__index = function(_, k) error("no key " .. k, 2) end})
  local s = 0
  for i = 1, 3 do s = s + t[i] end
  return s
end)
