-- reversing a UTF-8 string by code points using utf8.codes and utf8.char
local s = "añb€c😀"
local cps = {}
for _, c in utf8.codes(s) do table.insert(cps, 1, c) end
print(utf8.char(table.unpack(cps)))
local chars = {}
for p = 1, utf8.len(s) do
  local a = utf8.offset(s, p)
  local b = utf8.offset(s, p + 1)
  chars[#chars + 1] = s:sub(a, b - 1)
end
print(table.concat(chars, "|"))
