-- splitting strings with gmatch and patterns
local function split(s, sep)
  local out = {}
  for piece in (s .. sep):gmatch("(.-)" .. sep:gsub("%p", "%%%0")) do out[#out + 1] = piece end
  return out
end
local t = split("a,b,,c", ",")
print(#t, table.concat(t, "|"))
t = split("one::two::three", "::")
print(#t, table.concat(t, "|"))
t = split("", ",")
print(#t, "[" .. t[1] .. "]")
local words = {}
for w in ("  lots   of   spaces  "):gmatch("%S+") do words[#words + 1] = w end
print(#words, table.concat(words, "_"))
