-- char/codepoint round trip over a range of code points
local ok, count = true, 0
for cp = 0, 0x10FFFF, 997 do
  if cp < 0xD800 or cp > 0xDFFF then
    local s = utf8.char(cp)
    if utf8.codepoint(s) ~= cp or utf8.len(s) ~= 1 then ok = false end
    count = count + 1
  end
end
print(ok, count)
local t = {}
for cp = 0x3B1, 0x3C9 do t[#t + 1] = cp end
local greek = utf8.char(table.unpack(t))
print(greek, #greek, utf8.len(greek))
print(utf8.codepoint(greek, 1, -1) == 0x3B1)
