-- the message handler runs before the stack unwinds: level 2 is 'error', level 3 the failing function
local function failing_function()
  local marker = "local value"
  error("boom")
end
print(xpcall(failing_function, function(m)
  local c = debug.getinfo(2, "Sl")
  local info = debug.getinfo(3, "Sl")
  local name, value = debug.getlocal(3, 1)
  return m .. " | level2 " .. c.what .. " " .. c.currentline .. " | level3 line " ..
    info.currentline .. " | " .. tostring(name) .. "=" .. tostring(value)
end))
