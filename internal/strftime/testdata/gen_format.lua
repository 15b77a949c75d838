-- Generates oracle expectations for Format with the reference interpreter.
-- Usage: for each zone Z: TZ=Z lua5.4 gen_format.lua Z
-- (zone "!" means os.date's "!" prefix, i.e. gmtime).  Output lines are
--   zone <TAB> unix time <TAB> os.date result as a Go string literal
-- (only \n and \t need escaping: nothing else in the output is special).
local zone = arg[1]
local convs = {}
for c in ("aAbBcCdDeFgGhHIjmMnprRStTuUVwWxXyYzZ%"):gmatch(".") do convs[#convs+1] = "%" .. c end
-- (The E and O forms print exactly like the plain ones; strftime_test.go
-- covers them separately.)
local fmt = table.concat(convs, "|")
local times = {0, 86399, 951782400, 1700000000, -1, -86400, -86401, 253402300800, 253402300799,
  -62167219200, -62167219201, -62198755200, -2208988800, 68169600, 1230768000, 1104537600,
  1262217600, 1293753600, 1483142400, 1514678400, 2147483647, 2147483648, -2147483648,
  4102444800, -5364662400, -30610224000, 67767976233532799, 67767976233532800,
  -67768040609740800, 3155760000000, -3155760000000, 1710052200, 1710055800, 1730611800,
  1730615400, 1696089600, 1712415600}
math.randomseed(20240601)
for _, mag in ipairs{1e6, 1e9, 4e9, 1e11, 1e13, 1e15, 6e16} do
  for i = 1, 6 do times[#times+1] = math.random(-math.floor(mag), math.floor(mag)) end
end
for _, t in ipairs(times) do
  local ok, s = pcall(os.date, (zone == "!" and "!" or "") .. fmt, t)
  if ok then io.write(zone, "\t", t, "\t", '"' .. s:gsub("\n", "\\n"):gsub("\t", "\\t") .. '"', "\n")
  else io.write(zone, "\t", t, "\tERR ", s, "\n") end
end
