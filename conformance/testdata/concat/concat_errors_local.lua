-- checks the exact message "attempt to concatenate a nil value (local 'x')" in a multi-operand chain
local function f()
  local a, x, c = "a", nil, "c"
  return a .. x .. c
end
print(pcall(f))
local function g()
  local a, b = "a", "b"
  local n = 5
  return a .. b .. n .. {}
end
print(pcall(g))
