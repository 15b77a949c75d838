-- Integer modulo by constants of both signs (written out as Go's
-- remainder moved to the constant's sign), typed and generic, with
-- negative, zero and extreme dividends.
local xs = { -7, -6, -1, 0, 1, 6, 7, math.maxinteger, math.mininteger, -9.5 }
local out = {}
for i = 1, #xs do
  local x = xs[i]
  out[#out + 1] = string.format("%s %s %s %s %s", x % 3, x % -3, x % 1, x % -1, x % 4)
end
print(table.concat(out, "|"))
-- In a typed loop: the remainders summed.
local s, t = 0, 0
for i = -50, 50 do
  s = s + i % 7 + i % -7
  t = t + (i * 3) % 10 - i % -4
end
print(s, t)
