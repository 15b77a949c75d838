-- after a caught error, locals, upvalues and globals changed before the error stay changed
local counter = 0
g_value = "before"
local function mutate()
  counter = counter + 1
  g_value = "changed"
  error("stop")
end
for i = 1, 3 do pcall(mutate) end
print(counter, g_value)
local t = {}
pcall(function() t[1] = "set"; t[2] = nil + 1; t[3] = "never" end)
print(t[1], t[2], t[3])
