-- getinfo "L": activelines (printed sorted)
local function f(x)
  if x then
    return 1
  end
  local y = 2
  return y
end
local lines = {}
for l in pairs(debug.getinfo(f, "L").activelines) do lines[#lines + 1] = l end
table.sort(lines)
print(table.concat(lines, " "))
print(debug.getinfo(print, "L").activelines)
local function empty() end
lines = {}
for l in pairs(debug.getinfo(empty, "L").activelines) do lines[#lines + 1] = l end
print(table.concat(lines, " "))
