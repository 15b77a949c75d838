-- finalizers run in reverse order of marking
for i = 1, 3 do
  setmetatable({}, {__gc = function() print("gc", i) end})
end
collectgarbage()
print("done")
