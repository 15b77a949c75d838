-- checks __index as a function receives the table and the key, and is not called for present keys
local calls = {}
local t = setmetatable({present = 1}, {__index = function(tbl, key)
  calls[#calls + 1] = tostring(key)
  return key .. "!"
end})
print(t.present, t.missing, t[1], t.other)
print(table.concat(calls, ","))
local s = setmetatable({}, {__index = function(t, k) return nil end})
print(s.x)
