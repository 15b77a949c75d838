-- package.searchers has four entries; a custom searcher can be added
print(#package.searchers)
for i, s in ipairs(package.searchers) do print(i, type(s)) end
table.insert(package.searchers, 2, function(name)
  if name:match("^magic") then
    return function(n, extra) return "magic:" .. n .. ":" .. tostring(extra) end, "extra-data"
  end
  return "no magic for '" .. name .. "'"
end)
print(require("magic_thing"))
print(pcall(require, "other_missing"))
