-- debug.getlocal with negative indexes gives varargs
local function f(...)
  local out = {}
  local i = -1
  while true do
    local name, value = debug.getlocal(1, i)
    if not name then break end
    out[#out + 1] = name .. "=" .. tostring(value)
    i = i - 1
  end
  return table.concat(out, " ")
end
print(f(10, nil, "x"))
print("[" .. f() .. "]")
local function g(a, ...) return debug.getlocal(1, -1) end
print(g(1, 2, 3))
