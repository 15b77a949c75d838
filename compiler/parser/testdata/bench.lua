-- A mixed workload for BenchmarkParse: a small class library, a JSON
-- encoder and decoder, a priority queue, string utilities and a test driver,
-- written the way ordinary Lua programs are written.

local setmetatable, getmetatable = setmetatable, getmetatable
local type, pairs, ipairs, tostring, tonumber = type, pairs, ipairs, tostring, tonumber
local insert, concat, remove, sort = table.insert, table.concat, table.remove, table.sort
local floor, huge, max, min = math.floor, math.huge, math.max, math.min
local fmt, byte, char, sub = string.format, string.byte, string.char, string.sub

---------------------------------------------------------------------------
-- Classes

local Object = {}
Object.__index = Object

function Object:extend(name)
  local cls = {}
  for k, v in pairs(self) do
    if k:find("__") == 1 then
      cls[k] = v
    end
  end
  cls.__index = cls
  cls.super = self
  cls.name = name or "anonymous"
  return setmetatable(cls, self)
end

function Object:new(...)
  local obj = setmetatable({}, self)
  if obj.init then
    obj:init(...)
  end
  return obj
end

function Object:is(cls)
  local mt = getmetatable(self)
  while mt do
    if mt == cls then return true end
    mt = getmetatable(mt)
  end
  return false
end

function Object:__tostring()
  return fmt("<%s>", self.name or "Object")
end

local Point = Object:extend("Point")

function Point:init(x, y)
  self.x = x or 0
  self.y = y or 0
end

function Point.__add(a, b) return Point:new(a.x + b.x, a.y + b.y) end
function Point.__sub(a, b) return Point:new(a.x - b.x, a.y - b.y) end
function Point.__eq(a, b) return a.x == b.x and a.y == b.y end
function Point:__tostring() return "(" .. self.x .. ", " .. self.y .. ")" end

function Point:length()
  return (self.x ^ 2 + self.y ^ 2) ^ 0.5
end

function Point:rotate(angle)
  local c, s = math.cos(angle), math.sin(angle)
  return Point:new(self.x * c - self.y * s, self.x * s + self.y * c)
end

---------------------------------------------------------------------------
-- JSON

local json = {}

local escapes = {
  ['"'] = '\\"', ["\\"] = "\\\\", ["\b"] = "\\b", ["\f"] = "\\f",
  ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t",
}

local function escape_char(c)
  return escapes[c] or fmt("\\u%04x", byte(c))
end

local function is_array(t)
  local n = 0
  for k in pairs(t) do
    if type(k) ~= "number" or k <= 0 or floor(k) ~= k then
      return false
    end
    n = max(n, k)
  end
  return n == #t
end

local encode

local function encode_table(t, stack)
  if stack[t] then error("circular reference") end
  stack[t] = true
  local parts = {}
  if is_array(t) then
    for i = 1, #t do
      parts[#parts + 1] = encode(t[i], stack)
    end
    stack[t] = nil
    return "[" .. concat(parts, ",") .. "]"
  end
  local keys = {}
  for k in pairs(t) do
    if type(k) ~= "string" then
      error("invalid key type: " .. type(k))
    end
    keys[#keys + 1] = k
  end
  sort(keys)
  for _, k in ipairs(keys) do
    parts[#parts + 1] = encode(k, stack) .. ":" .. encode(t[k], stack)
  end
  stack[t] = nil
  return "{" .. concat(parts, ",") .. "}"
end

encode = function(v, stack)
  local tv = type(v)
  if tv == "nil" then
    return "null"
  elseif tv == "boolean" then
    return v and "true" or "false"
  elseif tv == "number" then
    if v ~= v or v == huge or v == -huge then
      error("unexpected number value '" .. tostring(v) .. "'")
    end
    if math.type(v) == "integer" then return tostring(v) end
    return fmt("%.14g", v)
  elseif tv == "string" then
    return '"' .. v:gsub('[%c"\\]', escape_char) .. '"'
  elseif tv == "table" then
    return encode_table(v, stack or {})
  end
  error("unexpected type '" .. tv .. "'")
end

json.encode = function(v) return (encode(v)) end

local function skip_ws(s, i)
  local _, e = s:find("^[ \n\r\t]*", i)
  return e + 1
end

local decode_value

local function decode_error(s, i, msg)
  local line, col = 1, 1
  for j = 1, i - 1 do
    col = col + 1
    if sub(s, j, j) == "\n" then line, col = line + 1, 1 end
  end
  error(fmt("%s at line %d col %d", msg, line, col), 0)
end

local function decode_string(s, i)
  local buf, j = {}, i + 1
  while true do
    local c = sub(s, j, j)
    if c == "" then decode_error(s, i, "unterminated string") end
    if c == '"' then break end
    if c == "\\" then
      local e = sub(s, j + 1, j + 1)
      local map = { b = "\b", f = "\f", n = "\n", r = "\r", t = "\t" }
      if e == "u" then
        local hex = sub(s, j + 2, j + 5)
        local cp = tonumber(hex, 16) or decode_error(s, j, "bad unicode escape")
        buf[#buf + 1] = utf8.char(cp)
        j = j + 6
      else
        buf[#buf + 1] = map[e] or e
        j = j + 2
      end
    else
      buf[#buf + 1] = c
      j = j + 1
    end
  end
  return concat(buf), j + 1
end

local function decode_number(s, i)
  local num = s:match("^-?%d+%.?%d*[eE]?[-+]?%d*", i)
  local n = tonumber(num)
  if not n then decode_error(s, i, "invalid number '" .. tostring(num) .. "'") end
  return n, i + #num
end

decode_value = function(s, i)
  i = skip_ws(s, i)
  local c = sub(s, i, i)
  if c == "{" then
    local obj = {}
    i = skip_ws(s, i + 1)
    if sub(s, i, i) == "}" then return obj, i + 1 end
    repeat
      i = skip_ws(s, i)
      local key
      key, i = decode_string(s, i)
      i = skip_ws(s, i)
      if sub(s, i, i) ~= ":" then decode_error(s, i, "expected ':'") end
      obj[key], i = decode_value(s, i + 1)
      i = skip_ws(s, i)
      c = sub(s, i, i)
      i = i + 1
    until c ~= ","
    if c ~= "}" then decode_error(s, i, "expected '}'") end
    return obj, i
  elseif c == "[" then
    local arr, n = {}, 0
    i = skip_ws(s, i + 1)
    if sub(s, i, i) == "]" then return arr, i + 1 end
    repeat
      n = n + 1
      arr[n], i = decode_value(s, i)
      i = skip_ws(s, i)
      c = sub(s, i, i)
      i = i + 1
    until c ~= ","
    if c ~= "]" then decode_error(s, i, "expected ']'") end
    return arr, i
  elseif c == '"' then
    return decode_string(s, i)
  elseif c == "-" or c:match("%d") then
    return decode_number(s, i)
  elseif s:sub(i, i + 3) == "true" then
    return true, i + 4
  elseif s:sub(i, i + 4) == "false" then
    return false, i + 5
  elseif s:sub(i, i + 3) == "null" then
    return nil, i + 4
  end
  decode_error(s, i, "unexpected character '" .. c .. "'")
end

function json.decode(s)
  local v, i = decode_value(s, 1)
  i = skip_ws(s, i)
  if i <= #s then decode_error(s, i, "trailing garbage") end
  return v
end

---------------------------------------------------------------------------
-- Priority queue (binary heap)

local Heap = Object:extend("Heap")

function Heap:init(cmp)
  self.items = {}
  self.size = 0
  self.cmp = cmp or function(a, b) return a < b end
end

function Heap:push(v)
  local items, cmp = self.items, self.cmp
  local i = self.size + 1
  self.size = i
  items[i] = v
  while i > 1 do
    local parent = i // 2
    if cmp(items[i], items[parent]) then
      items[i], items[parent] = items[parent], items[i]
      i = parent
    else
      break
    end
  end
end

function Heap:pop()
  local items, cmp, n = self.items, self.cmp, self.size
  if n == 0 then return nil end
  local top = items[1]
  items[1] = items[n]
  items[n] = nil
  n = n - 1
  self.size = n
  local i = 1
  while true do
    local l, r, smallest = 2 * i, 2 * i + 1, i
    if l <= n and cmp(items[l], items[smallest]) then smallest = l end
    if r <= n and cmp(items[r], items[smallest]) then smallest = r end
    if smallest == i then break end
    items[i], items[smallest] = items[smallest], items[i]
    i = smallest
  end
  return top
end

---------------------------------------------------------------------------
-- Strings

local strings = {}

function strings.split(s, sep, plain)
  local out, start = {}, 1
  sep = sep or "%s+"
  while true do
    local i, j = s:find(sep, start, plain)
    if not i then
      out[#out + 1] = s:sub(start)
      return out
    end
    out[#out + 1] = s:sub(start, i - 1)
    start = j + 1
  end
end

function strings.trim(s)
  return (s:gsub("^%s+", ""):gsub("%s+$", ""))
end

function strings.wrap(s, width)
  local lines, line = {}, {}
  local len = 0
  for word in s:gmatch("%S+") do
    if len + #word + (#line > 0 and 1 or 0) > width and #line > 0 then
      lines[#lines + 1] = concat(line, " ")
      line, len = {}, 0
    end
    line[#line + 1] = word
    len = len + #word + (#line > 1 and 1 or 0)
  end
  if #line > 0 then lines[#lines + 1] = concat(line, " ") end
  return lines
end

function strings.hexdump(s)
  local out = {}
  for i = 1, #s, 16 do
    local chunk = s:sub(i, i + 15)
    local hex = chunk:gsub(".", function(c) return fmt("%02x ", byte(c)) end)
    local txt = chunk:gsub("[^%g ]", ".")
    out[#out + 1] = fmt("%08x  %-48s |%s|", i - 1, hex, txt)
  end
  return concat(out, "\n")
end

local function levenshtein(a, b)
  local la, lb = #a, #b
  if la == 0 then return lb elseif lb == 0 then return la end
  local prev, cur = {}, {}
  for j = 0, lb do prev[j] = j end
  for i = 1, la do
    cur[0] = i
    local ca = byte(a, i)
    for j = 1, lb do
      local cost = (ca == byte(b, j)) and 0 or 1
      cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
    end
    prev, cur = cur, prev
  end
  return prev[lb]
end
strings.distance = levenshtein

---------------------------------------------------------------------------
-- Bits and numbers

local bits = {}

function bits.popcount(x)
  local n = 0
  while x ~= 0 do
    x = x & (x - 1)
    n = n + 1
  end
  return n
end

function bits.reverse32(x)
  x = ((x >> 1) & 0x55555555) | ((x & 0x55555555) << 1)
  x = ((x >> 2) & 0x33333333) | ((x & 0x33333333) << 2)
  x = ((x >> 4) & 0x0F0F0F0F) | ((x & 0x0F0F0F0F) << 4)
  x = ((x >> 8) & 0x00FF00FF) | ((x & 0x00FF00FF) << 8)
  return ((x >> 16) | (x << 16)) & 0xFFFFFFFF
end

function bits.gcd(a, b)
  while b ~= 0 do a, b = b, a % b end
  return a
end

local primes = setmetatable({}, { __index = function(t, n)
  local sieve, list = {}, {}
  for i = 2, n do
    if not sieve[i] then
      list[#list + 1] = i
      for j = i * i, n, i do sieve[j] = true end
    end
  end
  t[n] = list
  return list
end })

---------------------------------------------------------------------------
-- Coroutines and closures

local function range(n, step)
  return coroutine.wrap(function()
    for i = 1, n, step or 1 do coroutine.yield(i) end
  end)
end

local function memoize(f)
  local cache = setmetatable({}, { __mode = "k" })
  return function(x, ...)
    local v = cache[x]
    if v == nil then
      v = f(x, ...)
      cache[x] = v
    end
    return v
  end
end

local fib
fib = memoize(function(n)
  if n < 2 then return n end
  return fib(n - 1) + fib(n - 2)
end)

local function compose(...)
  local fns = table.pack(...)
  return function(...)
    local r = table.pack(...)
    for i = fns.n, 1, -1 do
      r = table.pack(fns[i](table.unpack(r, 1, r.n)))
    end
    return table.unpack(r, 1, r.n)
  end
end

---------------------------------------------------------------------------
-- Test driver

local tests, failures = {}, 0

local function test(name, fn)
  tests[#tests + 1] = { name = name, fn = fn }
end

local function check(cond, msg, ...)
  if not cond then
    error(fmt(msg or "check failed", ...), 2)
  end
end

test("points", function()
  local p = Point:new(3, 4)
  check(p:length() == 5, "length %s", tostring(p:length()))
  check(p + Point:new(1, 1) == Point:new(4, 5), "add")
  check(tostring(p - p) == "(0, 0)", "sub")
  check(p:is(Point) and p:is(Object), "is")
end)

test("json", function()
  local v = { 1, 2, 3, { a = true, b = "x\ny" }, -1.5e3 }
  local s = json.encode(v)
  check(s == '[1,2,3,{"a":true,"b":"x\\ny"},-1500]', "encode %s", s)
  local back = json.decode(s)
  check(back[4].b == "x\ny" and back[5] == -1500, "decode")
end)

test("heap", function()
  local h = Heap:new()
  for _, v in ipairs { 5, 3, 8, 1, 9, 2 } do h:push(v) end
  local out = {}
  for i = 1, 6 do out[i] = h:pop() end
  check(concat(out, " ") == "1 2 3 5 8 9", "order %s", concat(out, " "))
end)

test("strings", function()
  check(#strings.split("a b  c") == 3, "split")
  check(strings.trim("  x  ") == "x", "trim")
  check(strings.distance("kitten", "sitting") == 3, "distance")
  check(#strings.wrap(("word "):rep(20), 30) == 4, "wrap")
end)

test("bits", function()
  check(bits.popcount(0xFF) == 8, "popcount")
  check(bits.reverse32(1) == 0x80000000, "reverse")
  check(bits.gcd(48, 18) == 6, "gcd")
  check(#primes[100] == 25, "primes")
end)

test("closures", function()
  local sum = 0
  for i in range(10, 2) do sum = sum + i end
  check(sum == 25, "range")
  check(fib(50) == 12586269025, "fib")
  local inc = compose(function(x) return x + 1 end, function(x) return x * 2 end)
  check(inc(5) == 11, "compose")
end)

for _, t in ipairs(tests) do
  local ok, err = pcall(t.fn)
  if ok then
    print("ok   " .. t.name)
  else
    failures = failures + 1
    print("FAIL " .. t.name .. ": " .. tostring(err))
  end
end

return failures == 0
