-- nested pcalls: inner errors are contained, outer calls continue
local function level3() error("deep error") end
local function level2()
  local ok, e = pcall(level3)
  print("level2 caught:", ok, e)
  error("level2 error")
end
local function level1()
  local ok, e = pcall(level2)
  print("level1 caught:", ok, e)
  return "level1 done"
end
print(pcall(level1))
print(pcall(pcall, error, "x"))
print(pcall(pcall, pcall, error, "y"))
local ok, inner_ok, inner_err = pcall(pcall, error)
print(ok, inner_ok, inner_err)
