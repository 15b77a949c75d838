-- checks select('#') counts trailing nils and select(n) returns the tail
local function f(...)
  return select('#', ...), select(2, ...)
end
print(f())
print(f(1))
print(f(1, 2, 3))
print(f(nil, nil))
print(select(-1, "a", "b", "c"))
print(select(-2, "a", "b", "c"))
print(pcall(select, 0, "a"))
print(pcall(select, -4, "a", "b", "c"))
print(select(5, "a"))
