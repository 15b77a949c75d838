-- a finalizer can resurrect its object; it is not finalized twice
local saved
do
  setmetatable({value = 99}, {__gc = function(o) saved = o; print("finalizer ran") end})
end
collectgarbage()
print(saved and saved.value)
local again = saved
saved = nil
again = nil
collectgarbage()
print("no second finalization")
