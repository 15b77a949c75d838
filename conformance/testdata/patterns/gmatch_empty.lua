-- gmatch with patterns that can match the empty string
local function show(s, p)
  local out = {}
  for a, b in s:gmatch(p) do out[#out + 1] = "<" .. tostring(a) .. (b and ("," .. tostring(b)) or "") .. ">" end
  print(p, table.concat(out))
end
show("abc", "")
show("abc", "x*")
show("aab", "a*")
show("hello world", "%a*")
show("a,b,,c", "([^,]*)")
show("", "")
show("xyz", "()(.?)")
