-- error objects with __tostring survive pcall unchanged and convert when printed
local mt = {__tostring = function(self) return "MyError(" .. self.code .. ")" end}
local function newerr(code) return setmetatable({code = code}, mt) end
local ok, e = pcall(function() error(newerr(404)) end)
print(ok, tostring(e), e.code)
print(getmetatable(e) == mt)
print(e)
local ok2, e2 = pcall(error, newerr(500), 2)
print(ok2, e2)
-- nested rethrow keeps the same object
local ok3, e3 = pcall(function()
  local ok, inner = pcall(error, newerr(1))
  error(inner)
end)
print(ok3, e3, e3.code)
