-- adding functions to the string table makes them available as methods
function string.shout(s) return s:upper() .. "!" end
print(("hey"):shout())
local mt = getmetatable("")
local old = mt.__index
mt.__index = function(s, k)
  if k == "first" then return s:sub(1, 1) end
  return old[k]
end
print(("zebra").first, ("abc"):upper())
mt.__index = old
print(("zebra").first)
