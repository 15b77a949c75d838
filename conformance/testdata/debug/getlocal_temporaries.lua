-- getlocal reports unnamed stack slots as "(temporary)" / "(C temporary)"
local function f()
  local x = 1
  return 7, debug.getlocal(1, 2)
end
print(f())
local function probe() return debug.getlocal(2, 1) end
local ok, n, v = pcall(probe)
print(ok, n)
local function named() local a, b = "A", "B"; return debug.getlocal(1, 3) end
print(named())
