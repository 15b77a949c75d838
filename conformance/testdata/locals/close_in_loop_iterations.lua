-- checks a to-be-closed variable in a loop body is closed at the end of every iteration
local n = 0
for i = 1, 3 do
  local c <close> = setmetatable({}, {__close = function() n = n + 1; print("close", i) end})
  print("body", i)
end
print(n)
