-- the iterator function of a generic for can yield
local function iter(state, i)
  i = i + 1
  if i > state then return nil end
  local extra = coroutine.yield("iterating " .. i)
  return i, extra
end
local co = coroutine.wrap(function()
  local out = {}
  for i, e in iter, 3, 0 do out[#out + 1] = i .. ":" .. tostring(e) end
  return table.concat(out, " ")
end)
print(co())
print(co("a"))
print(co("b"))
print(co("c"))
