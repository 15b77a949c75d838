-- Metamethods that native code calls directly (runtime/native_meta.go):
-- arithmetic, unary minus, length and comparisons on tables whose
-- handler is a Lua function, with the K and immediate forms, results
-- that are tail calls, errors and tracebacks inside, yields across them,
-- hooks, deep recursion, and the cases left to the general path.

local V = {}
V.__index = V
local function vec(x, y) return setmetatable({ x = x, y = y }, V) end
local function show(v) return type(v) == "table" and ("(" .. v.x .. "," .. v.y .. ")") or tostring(v) end
V.__add = function(a, b)
  if type(b) == "number" then return vec(a.x + b, a.y + b) end
  if type(a) == "number" then return vec(a + b.x, a + b.y) end
  return vec(a.x + b.x, a.y + b.y)
end
V.__sub = function(a, b) return vec(a.x - b.x, a.y - b.y) end
V.__mul = function(a, k)
  if type(k) == "table" then return a.x * k.x + a.y * k.y end
  return vec(a.x * k, a.y * k)
end
V.__div = function(a, k) return vec(a.x / k, a.y / k) end
V.__mod = function(a, k) return vec(a.x % k, a.y % k) end
V.__idiv = function(a, k) return vec(a.x // k, a.y // k) end
V.__pow = function(a, k) return vec(a.x ^ k, a.y ^ k) end
V.__unm = function(a, b) return vec(-a.x, -a.y), rawequal(a, b) end
V.__len = function(a, b) return math.abs(a.x) + math.abs(a.y) + (rawequal(a, b) and 0 or 1000) end
V.__eq = function(a, b) return a.x == b.x and a.y == b.y end
V.__lt = function(a, b) return #a < #b end
V.__le = function(a, b) return #a <= #b end
V.__band = function(a, b) return "band" end
V.__shl = function(a, b) return "shl" end
V.__bxor = function(a, b) return nil end -- a nil result

local p, q = vec(1, 2), vec(3, 5)
local k = 0
print(show(p + q), show(p - q), p * q, show(p * 2), show(p * 2.5), show(p / 2))
print(show(p % 2), show(p // 2), show(p // 0.0), show(p ^ 2), show(-p), #p, #-q)
print(show(p + 1), show(p + 1.5), show(1 + p), show(p + k), show(2 + p + 3))
print(p & 1, p << q, p ~ 3, p & q)
print(p == q, p == vec(1, 2), p ~= vec(1, 2), p == p, p ~= q)
print(p < q, q < p, p <= q, q <= p, p > q, p >= q)

-- Every form in a loop, so the branches go both ways.
local acc, lt, le, eq = vec(0, 0), 0, 0, 0
for i = 1, 50 do
  local v = vec(i % 7, i % 5)
  acc = acc + v * 2 - vec(1, 1)
  if v < vec(3, 3) then lt = lt + 1 end
  if v <= vec(3, 3) then le = le + 1 end
  if v == vec(i % 7, 0) then eq = eq + 1 end
  if not (v == vec(2, 2)) then eq = eq + 100 end
  acc = acc + #v
end
print(show(acc), lt, le, eq)

-- The instruction's result register is also an operand.
local r = vec(1, 1)
for _ = 1, 5 do r = r + r end
print(show(r))

-- Errors inside a metamethod, with the caller's line and the name the
-- traceback gives the frame.
V.__concat = nil
local bad = setmetatable({}, { __add = function(a, b) return a.x.y + b end,
  __lt = function(a, b) error("no order", 2) end,
  __len = function(a) return debug.traceback("len", 1) end,
  __unm = function(a) error({ code = 7 }) end })
print(pcall(function() return bad + 1 end))
print(pcall(function() return bad < bad end))
print((string.gsub(#bad, "\n[^\n]*%[C%][^\n]*", "")))
local ok, e = pcall(function() return -bad end)
print(ok, type(e), e.code)

-- A metamethod that yields, and one resumed many times.
local Y = setmetatable({}, { __add = function(a, b) return coroutine.yield(b) * 2 end,
  __lt = function(a, b) return coroutine.yield("lt") end,
  __len = function(a) coroutine.yield("len") return 42 end })
local co = coroutine.wrap(function()
  local s = Y + 10
  local c = 0
  for i = 1, 3 do
    if Y < Y then c = c + 1 end
  end
  return s, c, #Y
end)
print(co())
print(co(5))
print(co(true), co(false), co(true))
print(co())

-- Metamethods that are interpreted (loaded at run time) and Go functions.
local L = setmetatable({}, { __add = load("local a, b = ... return b * 3"),
  __lt = load("return true"), __len = rawlen, __unm = print })
print(L + 4, L < L, #L)

-- Deep recursion through metamethods ends in the C stack error.
local D = {}
D.__add = function(a, b) if b == 0 then return 0 end return a + (b - 1) end
local d = setmetatable({}, D)
print(d + 10)
local ok2, msg = pcall(function() return d + 100000 end)
print(ok2, (tostring(msg):gsub("^.-:%d+: ", "")))

-- A count hook set inside a metamethod, and a call hook seen from one.
local H = setmetatable({}, { __add = function(a, b)
  local n = 0
  debug.sethook(function() n = n + 1 end, "", 1)
  local s = 0
  for i = 1, b do s = s + i end
  debug.sethook()
  return s + (n > 0 and 0 or 1)
end })
print(H + 10, H + 20)
local calls = {}
debug.sethook(function(ev)
  local info = debug.getinfo(2, "n")
  if info and info.namewhat == "metamethod" then calls[#calls + 1] = ev .. ":" .. tostring(info.name) end
end, "c")
local _ = p + q
local _ = p < q
debug.sethook()
print(table.concat(calls, " "))

-- A handler changed between runs of the same instruction.
local W = setmetatable({}, {})
local out = {}
for i = 1, 6 do
  local mt = getmetatable(W)
  if i == 3 then mt.__add = function(a, b) return "lua " .. b end end
  if i == 5 then mt.__add = nil end
  out[#out + 1] = tostring(pcall(function() return W + i end))
end
print(table.concat(out, " "))

-- Hooks set inside comparison and arithmetic metamethods and left set:
-- the caller goes on interpreted past the instruction (and a
-- comparison's jump, both ways).
do
  local count = 0
  local function hook() count = count + 1 end
  local mt = {}
  mt.__lt = function(a, b) debug.sethook(hook, "l") return rawequal(a, b) end
  mt.__eq = function(a, b) debug.sethook(hook, "l") return false end
  mt.__add = function(a, b) debug.sethook(hook, "l") return b * 10 end
  local S, T = setmetatable({}, mt), setmetatable({}, mt)
  local r = {}
  for i = 1, 3 do
    if S < S then r[#r + 1] = "lt" else r[#r + 1] = "nlt" end
    debug.sethook()
    if S < T then r[#r + 1] = "lt" else r[#r + 1] = "nlt" end
    debug.sethook()
    if S == T then r[#r + 1] = "eq" else r[#r + 1] = "ne" end
    debug.sethook()
    r[#r + 1] = S + i
    debug.sethook()
  end
  print(table.concat(r, " "), count > 0)
end

-- __index functions called for reads that find nil (GETTABLE and
-- GETFIELD): present keys, float keys of integer value, NaN, several
-- results, errors and tracebacks inside, yields across them.
do
  local seen = {}
  local D = setmetatable({ a = 1, [2] = "two" }, { __index = function(t, k)
    seen[#seen + 1] = k ~= k and "NaN" or tostring(k)
    if k == "boom" then error("no " .. k) end
    if k == "tb" then return (debug.traceback("tb", 1):gsub("\n[^\n]*%[C%][^\n]*", "")) end
    return k, "extra"
  end })
  local keys = { "a", "b", 2, 2.0, 3, 3.5, 0 / 0 }
  local out = {}
  for i = 1, #keys do
    local v = D[keys[i]]
    out[#out + 1] = v ~= v and "NaN" or tostring(v)
  end
  out[#out + 1] = tostring(D.a)
  out[#out + 1] = tostring(D.zz)
  print(table.concat(out, " "))
  print(table.concat(seen, " "))
  print(pcall(function() return D.boom end))
  local k = "boom"
  print(pcall(function() return D[k] end))
  print(D.tb)
  local Y = setmetatable({}, { __index = function(t, k) return coroutine.yield(k) .. "!" end })
  local co = coroutine.wrap(function() local s = Y.first .. Y[2] return s end)
  print(co(), co("x"), co("y"))
end
