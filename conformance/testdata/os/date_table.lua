-- os.date("*t") and ("!*t") return tables with all fields (printed sorted)
local function show(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys)
  local out = {}
  for _, k in ipairs(keys) do out[#out + 1] = k .. "=" .. tostring(t[k]) end
  print(table.concat(out, " "))
end
show(os.date("!*t", 0))
show(os.date("!*t", 1700000000))
show(os.date("*t", 1700000000))
show(os.date("!*t", 951825600))
show(os.date("!*t", -86400))
print(math.type(os.date("!*t", 0).year))
