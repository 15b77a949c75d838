-- ipairs respects __index (Lua 5.4) and stops when __index yields nil
local proxy = setmetatable({}, {__index = function(_, i)
  if i <= 4 then return i * i end
end})
for i, v in ipairs(proxy) do print(i, v) end
print("--")
local base = {"x", "y", "z"}
local derived = setmetatable({}, {__index = base})
for i, v in ipairs(derived) do print(i, v) end
print("--")
-- raw value takes precedence, then falls back to __index
local mixed = setmetatable({"raw1"}, {__index = {"meta1", "meta2"}})
for i, v in ipairs(mixed) do print(i, v) end
