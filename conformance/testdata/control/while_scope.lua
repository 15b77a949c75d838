-- checks locals declared in a loop body are fresh each iteration
local fs = {}
local i = 1
while i <= 3 do
  local j = i
  fs[i] = function() j = j + 100; return j end
  i = i + 1
end
print(fs[1](), fs[2](), fs[3](), fs[1]())
