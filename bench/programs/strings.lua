-- strings: string building and the pattern functions. Each round builds
-- a string by repeated concatenation, joins many pieces with table.concat,
-- formats lines with string.format, rewrites them with gsub (string,
-- function and table replacements), walks them with gmatch and find (plain
-- and pattern) and uses rep, sub, upper, lower, byte and char.
-- Checksum: a hash of the lengths, counts and some bytes of every result.
-- bench: quick=3
local rounds = tonumber(arg and arg[1]) or 120

local M = 1000000007
local acc = 0
local function mix(x)
  acc = (acc * 31 + x) % M
end
local function mixs(s)
  mix(#s)
  mix(s:byte(1) or 0)
  mix(s:byte(-1) or 0)
  mix(s:byte(math.floor(#s / 2) + 1) or 0)
end

for round = 1, rounds do
  -- repeated concatenation (each step copies the growing string)
  local s = ""
  for i = 1, 400 do
    s = s .. i .. ","
  end
  mixs(s)

  -- table.concat of many small pieces
  local parts = {}
  for i = 1, 2000 do
    parts[#parts + 1] = "item" .. (i + round)
  end
  local joined = table.concat(parts, ";")
  mixs(joined)

  -- string.format with integers, strings, floats and hex, in blocks of
  -- 50 lines (gsub on one 40 KB string is quadratic in gopher-lua)
  for blk = 0, 19 do
    local lines = {}
    for l = 1, 50 do
      local i = blk * 50 + l
      lines[l] = string.format("%5d|%-8s|%8.2f|%x|%s", i, "k" .. (i % 17), i / 8, i * 13 + round, "end")
    end
    local text = table.concat(lines, "\n")
    mixs(text)

    -- gsub with a string, a function and a table replacement
    local g2, c2 = text:gsub("%d+", function(d)
      return #d
    end)
    mixs(g2)
    mix(c2)
    local g3 = text:gsub("k(%d+)", { k1 = "one", k2 = "two", k3 = "three" })
    mixs(g3)
    local g4 = text:gsub("%s+", " ")
    mixs(g4)

    -- gmatch over lines, match with captures
    for line in text:gmatch("[^\n]+") do
      local a, b, c = line:match("^%s*(%d+)|(%w+)%s*|%s*([%d%.]+)")
      mix(#a + #b + #c)
    end

    -- find: plain, with patterns and captures
    local pos, count = 1, 0
    while true do
      local a, b = text:find("|", pos, true)
      if not a then
        break
      end
      count = count + 1
      pos = b + 1
    end
    mix(count)
    pos, count = 1, 0
    while true do
      local a, b, cap = text:find("(%d+%.%d+)", pos)
      if not a then
        break
      end
      count = count + #cap
      pos = b + 1
    end
    mix(count)
  end

  -- gsub and gmatch over the joined items
  for k = 0, 9 do
    local segment = table.concat(parts, ";", k * 200 + 1, k * 200 + 200)
    local g1, c1 = segment:gsub("item(%d+)", "<%1>")
    mixs(g1)
    mix(c1)
  end
  local words, sum = 0, 0
  for w, num in joined:gmatch("(%a+)(%d+)") do
    words = words + #w
    sum = (sum + tonumber(num)) % M
  end
  mix(words)
  mix(sum)

  -- rep, sub, upper, lower, byte, char
  local r = string.rep("abc-", 300)
  mixs(r:upper())
  local pieces = {}
  for i = 1, #r - 10, 7 do
    pieces[#pieces + 1] = r:sub(i, i + 4):lower()
  end
  mixs(table.concat(pieces))
  local bytes = {}
  for i = 1, 200 do
    bytes[i] = string.char(65 + (i + round) % 26)
  end
  local word = table.concat(bytes)
  mix(word:byte(round % 200 + 1))
end

print(string.format("%d", acc))
