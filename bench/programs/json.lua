-- json: a small pure-Lua JSON encoder and decoder over a generated
-- document (records with strings that need escaping, integers, fractions,
-- booleans, nulls, nested objects and arrays). Each round encodes the
-- document, decodes the text and encodes the result again, which must give
-- the same text. Object keys are written sorted so the text does not
-- depend on table traversal order.
-- Measures string scanning with find/sub/byte, gsub with a function,
-- string.format, table.concat, table.sort and table construction.
-- Checksum: the text length and hash, and sums over the decoded values.
-- bench: quick=1
local rounds = tonumber(arg and arg[1]) or 8
local records = 1000

local NULL = setmetatable({}, { __tostring = function() return "null" end })

---------------------------------------------------------------------------
-- encoder

local escapes = {
  ['"'] = '\\"', ['\\'] = '\\\\', ['\b'] = '\\b', ['\f'] = '\\f',
  ['\n'] = '\\n', ['\r'] = '\\r', ['\t'] = '\\t',
}

local function escapeChar(c)
  return escapes[c] or string.format("\\u%04x", c:byte())
end

local function encodeString(s, buf, n)
  buf[n + 1] = '"'
  buf[n + 2] = (s:gsub('[%c"\\]', escapeChar))
  buf[n + 3] = '"'
  return n + 3
end

local encodeValue

local function isArray(t)
  local len = #t
  local count = 0
  for _ in pairs(t) do
    count = count + 1
  end
  return count == len
end

local function encodeTable(t, buf, n)
  if isArray(t) then
    n = n + 1
    buf[n] = "["
    for i = 1, #t do
      if i > 1 then
        n = n + 1
        buf[n] = ","
      end
      n = encodeValue(t[i], buf, n)
    end
    n = n + 1
    buf[n] = "]"
    return n
  end
  local keys = {}
  for k in pairs(t) do
    if type(k) ~= "string" then
      error("object key is not a string")
    end
    keys[#keys + 1] = k
  end
  table.sort(keys)
  n = n + 1
  buf[n] = "{"
  for i = 1, #keys do
    if i > 1 then
      n = n + 1
      buf[n] = ","
    end
    local k = keys[i]
    n = encodeString(k, buf, n)
    n = n + 1
    buf[n] = ":"
    n = encodeValue(t[k], buf, n)
  end
  n = n + 1
  buf[n] = "}"
  return n
end

function encodeValue(v, buf, n)
  local tv = type(v)
  if tv == "string" then
    return encodeString(v, buf, n)
  elseif tv == "number" then
    n = n + 1
    if v == math.floor(v) and v > -1e15 and v < 1e15 then
      buf[n] = string.format("%d", v)
    else
      buf[n] = string.format("%.14g", v)
    end
    return n
  elseif tv == "boolean" then
    n = n + 1
    buf[n] = v and "true" or "false"
    return n
  elseif v == nil or v == NULL then
    n = n + 1
    buf[n] = "null"
    return n
  elseif tv == "table" then
    return encodeTable(v, buf, n)
  end
  error("cannot encode a " .. tv)
end

local function encode(v)
  local buf = {}
  local n = encodeValue(v, buf, 0)
  return table.concat(buf, "", 1, n)
end

---------------------------------------------------------------------------
-- decoder

local decodeValue

local function skip(s, i)
  local j = s:find("[^ \t\r\n]", i)
  return j or #s + 1
end

local function decodeError(s, i, what)
  error(string.format("json: %s at position %d near '%s'", what, i, s:sub(i, i + 10)))
end

local unescapes = {
  ['"'] = '"', ['\\'] = '\\', ['/'] = '/', b = '\b', f = '\f', n = '\n', r = '\r', t = '\t',
}

local function utf8char(c)
  if c < 0x80 then
    return string.char(c)
  elseif c < 0x800 then
    return string.char(0xC0 + math.floor(c / 64), 0x80 + c % 64)
  end
  return string.char(0xE0 + math.floor(c / 4096), 0x80 + math.floor(c / 64) % 64, 0x80 + c % 64)
end

local function decodeString(s, i)
  -- s:byte(i) is the opening quote
  local j = s:find('["\\]', i + 1)
  if not j then
    decodeError(s, i, "unterminated string")
  end
  if s:byte(j) == 34 then
    return s:sub(i + 1, j - 1), j + 1
  end
  local parts, np = {}, 0
  local start = i + 1
  while true do
    j = s:find('["\\]', start)
    if not j then
      decodeError(s, i, "unterminated string")
    end
    np = np + 1
    parts[np] = s:sub(start, j - 1)
    if s:byte(j) == 34 then
      return table.concat(parts), j + 1
    end
    local e = s:sub(j + 1, j + 1)
    if e == "u" then
      local hex = s:sub(j + 2, j + 5)
      local c = tonumber(hex, 16)
      if not c then
        decodeError(s, j, "bad unicode escape")
      end
      np = np + 1
      parts[np] = utf8char(c)
      start = j + 6
    else
      local r = unescapes[e]
      if not r then
        decodeError(s, j, "bad escape")
      end
      np = np + 1
      parts[np] = r
      start = j + 2
    end
  end
end

local function decodeNumber(s, i)
  local a, b = s:find("^-?%d+%.?%d*[eE]?[-+]?%d*", i)
  if not a then
    decodeError(s, i, "bad number")
  end
  local v = tonumber(s:sub(a, b))
  if not v then
    decodeError(s, i, "bad number")
  end
  return v, b + 1
end

local function decodeArray(s, i)
  local t, n = {}, 0
  i = skip(s, i + 1)
  if s:byte(i) == 93 then -- ]
    return t, i + 1
  end
  while true do
    local v
    v, i = decodeValue(s, i)
    n = n + 1
    t[n] = v
    i = skip(s, i)
    local c = s:byte(i)
    if c == 93 then
      return t, i + 1
    elseif c ~= 44 then -- ,
      decodeError(s, i, "',' or ']' expected")
    end
    i = skip(s, i + 1)
  end
end

local function decodeObject(s, i)
  local t = {}
  i = skip(s, i + 1)
  if s:byte(i) == 125 then -- }
    return t, i + 1
  end
  while true do
    if s:byte(i) ~= 34 then
      decodeError(s, i, "string key expected")
    end
    local k
    k, i = decodeString(s, i)
    i = skip(s, i)
    if s:byte(i) ~= 58 then -- :
      decodeError(s, i, "':' expected")
    end
    local v
    v, i = decodeValue(s, skip(s, i + 1))
    t[k] = v
    i = skip(s, i)
    local c = s:byte(i)
    if c == 125 then
      return t, i + 1
    elseif c ~= 44 then
      decodeError(s, i, "',' or '}' expected")
    end
    i = skip(s, i + 1)
  end
end

function decodeValue(s, i)
  i = skip(s, i)
  local c = s:byte(i)
  if c == 123 then
    return decodeObject(s, i)
  elseif c == 91 then
    return decodeArray(s, i)
  elseif c == 34 then
    return decodeString(s, i)
  elseif c == 116 and s:sub(i, i + 3) == "true" then
    return true, i + 4
  elseif c == 102 and s:sub(i, i + 4) == "false" then
    return false, i + 5
  elseif c == 110 and s:sub(i, i + 3) == "null" then
    return NULL, i + 4
  elseif c == 45 or (c and c >= 48 and c <= 57) then
    return decodeNumber(s, i)
  end
  decodeError(s, i, "unexpected character")
end

local function decode(s)
  local v, i = decodeValue(s, 1)
  i = skip(s, i)
  if i <= #s then
    decodeError(s, i, "trailing garbage")
  end
  return v
end

---------------------------------------------------------------------------
-- the document

local seed = 7
local function rand(m)
  seed = (seed * 16807) % 2147483647
  return seed % m
end

local words = { "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta" }

local function makeDoc()
  local items = {}
  for i = 1, records do
    local tags = {}
    for k = 1, rand(5) + 1 do
      tags[k] = words[rand(#words) + 1]
    end
    items[i] = {
      id = i,
      name = "user " .. words[i % #words + 1] .. " " .. i,
      email = words[rand(#words) + 1] .. i .. "@example.org",
      active = i % 3 == 0,
      score = rand(100000) / 8,
      balance = rand(2000000) - 1000000,
      ratio = (rand(1000) + 1) / 1024,
      tags = tags,
      address = {
        street = rand(999) .. " \"Main\" St.\n\tApt " .. rand(50),
        zip = string.format("%05d", rand(100000)),
        geo = { lat = rand(180000) / 1000 - 90, lon = rand(360000) / 1000 - 180 },
      },
      history = { rand(100), rand(100), NULL, rand(100), false },
      note = (i % 10 == 0) and "control \1 char and back\\slash" or NULL,
    }
  end
  return { version = 3, generator = "panto-bench", count = records, items = items }
end

local doc = makeDoc()
local M = 1000000007
local text
local check = 0
for _ = 1, rounds do
  text = encode(doc)
  local back = decode(text)
  local again = encode(back)
  if again ~= text then
    error("round trip changed the text")
  end
  local items = back.items
  for i = 1, #items do
    local it = items[i]
    check = (check + it.id + #it.tags + #it.address.street + math.floor(it.score * 8)
      + (it.active and 1 or 0)) % M
  end
end

local h = 0
for i = 1, #text, 61 do
  h = (h * 31 + text:byte(i)) % M
end
print(string.format("%d %d %d", #text, h, check))
