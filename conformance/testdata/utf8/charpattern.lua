-- utf8.charpattern matches exactly one UTF-8 sequence
print(utf8.charpattern == "[\0-\x7F\xC2-\xFD][\x80-\xBF]*")
local n = 0
for c in ("héllo wörld €"):gmatch(utf8.charpattern) do n = n + 1 end
print(n)
local parts = {}
for c in ("aé€😀"):gmatch(utf8.charpattern) do parts[#parts + 1] = #c end
print(table.concat(parts, ","))
