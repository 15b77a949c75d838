-- debug.getlocal on active functions: names and values in order
local function f(a, b)
  local c = a + b
  do local inner = "in" end
  local out = {}
  local i = 1
  while true do
    local name, value = debug.getlocal(1, i)
    if not name then break end
    out[#out + 1] = name .. "=" .. tostring(type(value) == "table" and "tbl" or value)
    i = i + 1
  end
  return table.concat(out, " ")
end
print(f(1, 2))
print(debug.getlocal(1, 100))
print(pcall(debug.getlocal, 100, 1))
