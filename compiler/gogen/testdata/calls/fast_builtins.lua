-- Library functions with a frameless path from native code (string.byte,
-- sub and len, math.floor, abs and sqrt, type): every case the path
-- answers and every case it leaves to the function, at each result count.

local s = "hello, world"
local byte, sub, len = string.byte, string.sub, string.len

print(s:byte(), s:byte(1), s:byte(5), s:byte(-1), s:byte(-12), byte(s, 12))
print(select("#", s:byte(0)), select("#", s:byte(13)), select("#", s:byte(-13)), select("#", (""):byte()))
print(s:byte(2, 4))
print(s:byte(3.0), byte(123, 2), byte("7", 1))
local a, b, c = s:byte(1)
print(a, b, c)
local t = {s:byte(1), s:byte(100), s:byte(2)}
print(#t, t[1], t[2], t[3])
print(pcall(byte, s, 1.5))
print(pcall(byte, s, "x"))
print(pcall(byte))
print(pcall(byte, {}))

print(s:sub(1, 5), s:sub(8), s:sub(-5), s:sub(-5, -3), s:sub(0), s:sub(5, 2) == "")
print(s:sub(1, 100), s:sub(-100, 3), s:sub(3, -100) == "", s:sub(1, -1) == s, s:sub(2, nil))
print(sub(12345, 2, 3), sub("abc", 2.0, 3.0), select("#", s:sub(1, 1)))
local x, y = s:sub(1, 2)
print(x, y)
print(pcall(sub, s))
print(pcall(sub, s, 1, 2.5))
print(pcall(sub, s, 1, "z"))
print(pcall(sub, nil, 1))
print(sub(s, math.mininteger, math.maxinteger) == s, sub(s, math.maxinteger) == "")

print(len(s), s:len(), len(""), len(42))
print(pcall(len))
print(pcall(len, true))

print(math.floor(3), math.floor(3.7), math.floor(-3.2), math.floor(-0.0), math.floor(2^62), math.floor(2^63), math.floor(-2^63))
print(math.floor(1/0), math.floor(-1/0), math.floor(0/0) ~= math.floor(0/0), math.floor("2.5"))
print(math.type(math.floor(5.0)), math.type(math.floor(1e100)))
print(pcall(math.floor, "x"))
print(pcall(math.floor))

print(math.abs(-3), math.abs(3), math.abs(-2.5), math.abs(-0.0), math.abs(math.mininteger), math.abs("-4"))
print(pcall(math.abs, {}))

print(math.sqrt(16), math.sqrt(2), math.sqrt(0), math.sqrt(-0.0), math.sqrt(1/0), math.sqrt("9"))
print(math.sqrt(-1) ~= math.sqrt(-1), pcall(math.sqrt))

print(type(nil), type(true), type(false), type(1), type(1.5), type("s"), type({}), type(print), type(type), type(coroutine.create(print)), type(io.stdout))
print(select("#", type(nil)), pcall(type))
local ty = type
print(ty(ty), ty(nil, 1, 2))

-- In loops, with results of every count.
local sum = 0
for i = 1, #s do
  sum = sum + s:byte(i) * i + #s:sub(i) + len(s:sub(1, i)) + math.floor(i / 3) + math.abs(-i)
  if type(i) ~= "number" then error("type") end
end
print(sum, math.sqrt(sum))

-- Errors raised by these functions name their line, as in lua5.4.
local function bad(v) return v:byte(1) + 1 end
print(pcall(bad, "a"), pcall(bad, 5), pcall(bad, {}))
print(select(2, xpcall(function() return math.floor({}) end, function(m) return m end)))
print(select(2, xpcall(function() local q = s:sub({}) return q end, debug.traceback)))

-- Functions replaced by Lua code are called as such.
local oldByte = string.byte
string.byte = function(str, i) return "mine " .. tostring(i) end
print(s:byte(1))
string.byte = oldByte
print(s:byte(1))

-- A call hook sees every call, these included, and a count hook runs.
local calls = {}
debug.sethook(function(ev)
  local i = debug.getinfo(2, "n")
  if i.name then calls[i.name] = (calls[i.name] or 0) + 1 end
end, "c")
for i = 1, 3 do
  local _ = s:byte(i), s:sub(i, i), type(i), math.floor(i + 0.5)
end
debug.sethook()
print(calls.byte, calls.sub, calls.type, calls.floor)

-- Yields between these calls in a coroutine.
local co = coroutine.wrap(function(str)
  local acc = {}
  for i = 1, #str do
    acc[#acc + 1] = str:sub(i, i):byte() + coroutine.yield(str:byte(i))
  end
  return table.concat(acc, ",")
end)
local v = co("abc")
while type(v) == "number" do v = co(v) end
print(v)
