-- checks the 4th value of a generic for is a to-be-closed variable closed when the loop ends
local function closer(name)
  return setmetatable({}, {__close = function(_, err) print("close", name, err) end})
end
local function range(n, name)
  local i = 0
  return function() i = i + 1; if i <= n then return i end end, nil, nil, closer(name)
end
for i in range(2, "normal") do print("iter", i) end
for i in range(5, "break") do if i == 2 then break end print("iter", i) end
local function f()
  for i in range(5, "return") do if i == 1 then return "returned" end end
end
print(f())
print(pcall(function()
  for i in range(5, "error") do error("boom", 0) end
end))
