-- string.dump's header is the reference's, byte for byte, up to and
-- including the check integer and float (the official suite's calls.lua
-- compares them); changing any header byte or cutting the chunk anywhere
-- makes load fail, a cut with "truncated".
local header = string.pack("c4BBc6BBB",
  "\27Lua", 0x54, 0, "\x19\x93\r\n\x1a\n", 4,
  string.packsize("j"), string.packsize("n"))

local c = string.dump(function ()
  local a = 1; local b = 3
  local f = function () return a + b + _ENV.c end
  local s1 = "a constant"
  return a + b * 3
end)

print("runs", assert(load(c))() == 10)
print("header", string.sub(c, 1, #header) == header)
print("check values", string.unpack("jn", c, #header + 1))

local refused = 0
for i = 1, #header do
  local s = string.sub(c, 1, i - 1) ..
            string.char((string.byte(c, i) + 1) % 256) ..
            string.sub(c, i + 1)
  if not load(s) then refused = refused + 1 end
end
print("corrupted header bytes refused", refused == #header)

local truncated = 0
for i = 1, #c - 1 do
  local f, msg = load(string.sub(c, 1, i))
  if not f and string.find(msg, "truncated") then truncated = truncated + 1 end
end
print("every cut is truncated", truncated == #c - 1)
