-- Generates oracle expectations for NormalizeDST with the reference
-- interpreter.  Usage: for each zone Z: TZ=Z lua5.4 gen_mktime.lua Z
-- Each process starts with glibc's mktime state fresh, and the calls are
-- replayed in order, because mktime's result for ambiguous times depends on
-- the previous call.  Output lines:
--   zone <TAB> year month day hour min sec isdst(-1/0/1) <TAB> result
-- where result is "ERR message" or
--   "time year month day hour min sec wday yday isdst(0/1)".
local zone = arg[1]
math.randomseed(7 + #zone * 131 + zone:byte(1))
local R = math.random

-- Find DST transitions (as instants) by scanning days in a few years.
local trans = {}
for _, y in ipairs{1885, 1942, 1975, 1996, 2011, 2024, 2031} do
  local t0 = os.time{year=y, month=1, day=1, hour=0}
  local prev = os.date("*t", t0).isdst
  for d = 1, 366 do
    local t = t0 + d * 86400
    local cur = os.date("*t", t).isdst
    if cur ~= prev then
      local lo, hi = t - 86400, t
      while hi - lo > 1 do
        local mid = (lo + hi) // 2
        if os.date("*t", mid).isdst == prev then lo = mid else hi = mid end
      end
      trans[#trans+1] = hi
      prev = cur
    end
  end
end

local function pick(l) return l[R(#l)] end
local I = 2^31

local function gen()
  local f = {}
  local kind = R(10)
  if kind <= 4 and #trans > 0 then
    -- Near a transition: the wall clock a little before/after, possibly
    -- written with out-of-range minutes or seconds.
    local t = pick(trans) + R(-7200, 7200) // 60 * 60
    local d = os.date("*t", t)
    f = {year=d.year, month=d.month, day=d.day, hour=d.hour, min=d.min, sec=d.sec}
    local r = R(4)
    if r == 1 then f.min = f.min + 60; f.hour = f.hour - 1
    elseif r == 2 then f.sec = f.sec + 3600; f.hour = f.hour - 1
    elseif r == 3 then f.min = f.min - 120; f.hour = f.hour + 2 end
  elseif kind <= 7 then
    f = {year=R(1800, 2200), month=R(-30, 30), day=R(-400, 400), hour=R(-100, 100),
         min=R(-5000, 5000), sec=R(-1000000, 1000000)}
  elseif kind == 8 then
    f = {year=R(1960, 2040), month=R(1, 12), day=R(1, 28), hour=R(0, 23), min=R(0, 59), sec=R(0, 59)}
  else
    -- Extremes: the limits of tm_year and of the int fields.
    local big = {I - 1, I, -I, -I - 1, I - 2, -I + 1, 0, 1, -1, 12, 13, 60, 2^40, -2^40}
    f = {year=pick{I - 1 + 1900, I + 1900, -I + 1900, -I + 1899, I - 2 + 1900, 1970, 1969, 2000, R(-10^9, 10^9), pick(big)},
         month=pick{1, 12, 13, 0, pick(big)}, day=pick{1, 31, 0, pick(big)},
         hour=pick{0, 23, 24, 12, pick(big)}, min=pick{0, 59, pick(big)}, sec=pick{0, 59, 60, -1, pick(big)}}
  end
  local r = R(10)
  if r <= 2 then f.isdst = true elseif r <= 4 then f.isdst = false end
  return f
end

local function b(v) if v == nil then return -1 elseif v then return 1 else return 0 end end
for i = 1, 250 do
  local f = gen()
  local input = string.format("%d %d %d %d %d %d %d", f.year, f.month, f.day, f.hour, f.min, f.sec, b(f.isdst))
  local ok, t = pcall(os.time, f)
  local res
  if ok then
    res = string.format("%d %d %d %d %d %d %d %d %d %d", t, f.year, f.month, f.day, f.hour, f.min, f.sec, f.wday, f.yday, b(f.isdst))
  else
    res = "ERR " .. t
  end
  io.write(zone, "\t", input, "\t", res, "\n")
end
