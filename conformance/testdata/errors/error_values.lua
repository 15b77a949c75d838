-- checks error can throw non-string values which pcall returns unchanged
print(pcall(error, 42))
print(pcall(error, true))
local t = {code = 7}
local ok, e = pcall(error, t)
print(ok, e == t, e.code)
print(select('#', pcall(error)))
print(pcall(error, 1.5, 0))
