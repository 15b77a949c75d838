-- debug.setlocal changes local variables of active functions
local function f()
  local a, b = 1, 2
  local name = debug.setlocal(1, 2, 20)
  print(name, a, b)
  print(debug.setlocal(1, 10, 0))
  return a + b
end
print(f())
local function g(...)
  print(debug.setlocal(1, -1, "changed"))
  return ...
end
print(g("orig", "second"))
print(pcall(debug.setlocal, 50, 1, 1))
