-- Generates the expectations in oracle_cases_test.go with lua5.4:
--   lua5.4 gen_cases.lua > ../oracle_cases_test.go && gofmt -w ../oracle_cases_test.go
-- Strings are written in hex, floats as the hex of their IEEE bits, and
-- errors exactly as the reference prints them.
local function hex(s) return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end)) end
local function gostr(s)
  return '"' .. s:gsub(".", function(c)
    local b = c:byte()
    if b < 32 or b > 126 or c == '"' or c == "\\" then return string.format("\\x%02x", b) end
  end) .. '"'
end

local function arg2go(v)
  if math.type(v) == "integer" then return string.format("int64(%d)", v)
  elseif math.type(v) == "float" then return string.format("f(%q)", hex(string.pack(">d", v)))
  else return string.format("h(%q)", hex(v)) end
end

local function val2s(v)
  if math.type(v) == "integer" then return "i:" .. v
  elseif math.type(v) == "float" then return "f:" .. hex(string.pack(">d", v))
  else return "s:" .. hex(v) end
end

local packs, unpacks, sizes = {}, {}, {}

local function P(fmt, ...)
  local args = table.pack(...)
  local ok, r = pcall(string.pack, fmt, ...)
  local a = {}
  for i = 1, args.n do a[i] = arg2go(args[i]) end
  packs[#packs+1] = string.format("\t{%s, []any{%s}, %q},", gostr(fmt), table.concat(a, ", "),
    ok and hex(r) or ("ERR " .. r))
end

local function U(fmt, data, pos)
  local r = table.pack(pcall(string.unpack, fmt, data, pos))
  local out
  if r[1] then
    local t = {}
    for i = 2, r.n do t[#t+1] = val2s(r[i]) end
    out = table.concat(t, " ")
  else
    out = "ERR " .. r[2]
  end
  unpacks[#unpacks+1] = string.format("\t{%s, %q, %d, %q},", gostr(fmt), hex(data), pos or 1, out)
end

local function S(fmt)
  local ok, r = pcall(string.packsize, fmt)
  sizes[#sizes+1] = string.format("\t{%s, %q},", gostr(fmt), ok and tostring(r) or ("ERR " .. r))
end

local mi, ma = math.mininteger, math.maxinteger

-- Integers of every size, both signs, both byte orders, at the limits.
for _, o in ipairs{"b", "B", "h", "H", "l", "L", "j", "J", "T", "i", "I"} do
  for _, v in ipairs{0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768, 65535, 65536, mi, ma} do
    P("<" .. o, v)
  end
  P(">" .. o, 0x0102030405060708)
end
for n = 1, 16 do
  P("<i" .. n, -2)
  P(">i" .. n, 1 << (8 * math.min(n, 8) - 1) - 1)
  P("<I" .. n, -1)
  P(">I" .. n, 1 << (8 * math.min(n, 8) - 1))
  P("=i" .. n, mi)
end
P("i3", 1 << 23); P("i3", -(1 << 23)); P("i3", (1 << 23) - 1); P("I3", 1 << 24); P("I3", (1 << 24) - 1)
P("i0", 1); P("i17", 1); P("I99", 1); P("i99999999999", 1); P("!17"); P("!0"); P("s0", "")

-- Floats, including rounding to single precision, infinities and NaNs.
for _, v in ipairs{0.0, -0.0, 1.5, -2.25, 0.1, 1e300, -1e300, 1/0, -1/0, 3.4028235677973366e38,
                   3.4028235677973362e38, 1e-46, 1e-40, 2^-149, 5e-324, math.pi} do
  P("<f", v); P(">d", v); P("<n", v)
end
P("<f", 0/0); P("<d", 0/0); P("<f", -(0/0))
P("<f", string.unpack("<d", "\1\0\0\0\0\0\240\127"))
P("<f", string.unpack("<d", "\0\0\0\0\1\0\248\127"))
P("<d", 3); P("<f", 7); P("<i4", 3.0); P("<i4", 2^53); P("j", 2^63)

-- Strings.
P("<s1", "hello"); P(">s2", "hi"); P("<s", "abc"); P("<s16", "x"); P("<s9", "")
P("s1", string.rep("x", 255)); P("s1", string.rep("x", 256)); P("<s3", "")
P("c5", "abc"); P("c3", "abc"); P("c2", "abc"); P("c0", ""); P("c", "a"); P("c1c1", "a", "b")
P("z", "hello"); P("z", ""); P("z", "a\0b"); P("zz", "a", "b")

-- Alignment, padding and X.
P("!b h", 1, 2); P("!2 b h", 1, 2); P("! b d", 1, 2); P("!4 b d", 1, 2); P("!8 b i16", 1, 2)
P("!16 b i16", 1, 2); P("!16 b i12", 1, 2); P("!3 b i4", 1, 2); P("b i12", 1, 2); P("!2 b i3", 1, 2)
P("! b Xi4 b", 1, 2); P("! b Xd b", 1, 2); P("!2 b Xd b", 1, 2); P("b X", 1); P("b Xz", 1)
P("b Xc1", 1); P("b X!4", 1); P("b XX", 1); P("! b Xx b", 1, 2); P("! b Xs4 z", 1, "a")
P("b x x B", 1, 2); P("x"); P("   "); P(""); P("! c1 d", "a", 1.0); P("! s1 j", "ab", 7)
P("! z d", "abc", 1.0); P("!4 b !1 i4", 1, 2); P("b X y", 1); P("b Xc", 1)

-- Endianness settings and options that are not options.
P("<i2 >i2 =i2", 1, 2, 3); P("y"); P("i4 q", 1); P("i4\0q", 1); P("\0"); P("%")
P("i2 i2 i2", 1, 2, 40000)

-- Unpacking.
local data = string.pack("<i4 >i4 <d z s1 c3", 1, -2, 2.5, "zed", "str", "abc")
U("<i4 >i4 <d z s1 c3", data)
U("<i4", data, 5); U("<i4", data, -4); U("<i4", data, -100); U("<i4", data, 0)
U("<i4", data, #data + 1); U("<i4", data, #data + 2); U("", data, #data + 1); U("", data, #data + 2)
U("<i4", "abc"); U("<i4", "abcd", 2); U("b", "\255"); U("B", "\255"); U(">h", "\128\0"); U("<H", "\255\255")
for n = 1, 16 do
  U("<i" .. n, string.rep("\255", n)); U("<I" .. n, string.rep("\255", n)); U(">i" .. n, "\128" .. string.rep("\0", n - 1))
end
U("<i9", "\0\0\0\0\0\0\0\128\255"); U("<i9", "\0\0\0\0\0\0\0\128\0"); U("<i9", "\0\0\0\0\0\0\0\0\1")
U(">i9", "\0\255\255\255\255\255\255\255\255"); U(">I9", "\1\0\0\0\0\0\0\0\0"); U("<I16", string.rep("\255", 8) .. string.rep("\0", 8))
U("<j", string.pack("<j", mi)); U("<J", string.rep("\255", 8)); U("<T", "\1\0\0\0\0\0\0\128")
U("<f", string.pack("<f", 0.1)); U("<f", "\1\0\128\127"); U("<f", "\0\0\192\255"); U("<d", string.pack("<d", -0.0))
U(">n", string.pack(">n", 1e300)); U("<f", "\0\0\128\127")
U("z", "abc"); U("z", "abc\0"); U("zz", "ab\0"); U("z", "ab\0cd"); U("z", "", 1); U("z", "\0", 1)
U("s1", "\3abc"); U("s1", "\4abc"); U("<s2", "\2\0ab"); U("<s", "\255\255\255\255\255\255\255\255")
U("<s9", "\1\0\0\0\0\0\0\0\1"); U("<s9", "\1\0\0\0\0\0\0\0\0x"); U(">s16", string.rep("\0", 15) .. "\1y")
U("c3", "abcd"); U("c5", "abcd"); U("c0", ""); U("c", "abc"); U("c2c2", "abcd")
U("! b d", "\1" .. string.rep("\0", 7) .. string.pack("<d", 1.0)); U("! b d", "\1\0\0")
U("!4 b Xi4 b", "\1\0\0\0\2"); U("b X", "\1"); U("!2 h", "ab", 2); U("!4 b i4", "\1\0\0\0\1\0\0\0\0", 2)
U("x x b", "\0\0\7"); U("x", ""); U("i4\0i4", "\1\0\0\0\2\0\0\0"); U("y", "abc"); U("!17", "")
U("i17", ""); U("b c", "a"); U("!3 i4", "abcd"); U("<i2 >i2 =i2", "\1\0\0\2\3\0")

-- packsize.
for _, f in ipairs{"", "b", "!b d", "! b d", "!4 b d", "i4 i8", "i16 b", "c10", "c0", "x X", "b X", "b Xi8",
                   "! b Xi8", "s", "z", "s1", "b z", "i17", "y", "c", "!16 i12", "!3 i4", "i4\0z",
                   "c2147483647", "c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c7",
                   "c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c8",
                   "c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c7 X",
                   "c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 !8 c7 d",
                   "c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c214748364 c8 z"} do
  S(f)
end

print("// Code generated by testdata/gen_cases.lua from lua5.4; DO NOT EDIT.")
print()
print("package binpack")
print()
print("var packCases = []packCase{")
print(table.concat(packs, "\n"))
print("}")
print()
print("var unpackCases = []unpackCase{")
print(table.concat(unpacks, "\n"))
print("}")
print()
print("var sizeCases = []sizeCase{")
print(table.concat(sizes, "\n"))
print("}")
