-- load with a reader that returns a non-string or raises an error (wrapped in pcall: see note)
-- note: outside pcall the reference passes reader errors through the standalone's
-- message handler (adding a traceback), so these calls are made under pcall.
local n = 0
print(load(function() n = n + 1; if n == 1 then return "return " end; if n == 2 then return 42 end end)())
print(pcall(load, function() return {} end))
print(pcall(load, function() return true end))
local m = 0
print(pcall(load, function()
  m = m + 1
  if m == 1 then return "return " end
  error("reader failed")
end))
local ok, fres, eobj = pcall(load, function() error({tag = "obj"}) end)
print(ok, fres, type(eobj), eobj.tag)
local f = load(function() return nil end)
print(type(f), f())
print(pcall(load))
print(pcall(load, 42))
print(pcall(load, nil))
