-- checks runtime error positions point to the line of the faulting expression in multi-line statements
local t = {}
print(pcall(function()
  local v =
    1 +
    t.missing
  return v
end))
print(pcall(function()
  return t
    .a
    .b
end))
