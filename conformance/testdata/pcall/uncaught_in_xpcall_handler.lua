-- a message transformed by an xpcall handler and then rethrown escapes uncaught
local function handler(m)
  return "wrapped(" .. m .. ")"
end
local ok, e = xpcall(function() error("inner") end, handler)
print(ok, e)
error(e, 0)
