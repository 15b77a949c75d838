-- every strftime conversion accepted by Lua 5.4 (C99 list) with a fixed UTC time
local t = 1700000000 + 3 * 86400 + 7 * 3600 + 5 * 60 + 9
local convs = "aAbBcCdDeFgGhHIjmMnprRStTuUVwWxXyYzZ%"
for c in convs:gmatch(".") do
  print(c, "[" .. os.date("!%" .. c, t) .. "]")
end
