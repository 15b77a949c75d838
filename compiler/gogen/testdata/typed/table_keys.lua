-- table reads and writes in typed loops with keys that are not integers
-- of the array part: floats (integral or not), strings, negative and
-- zero indices, the hash part, a key one past the end (an append)
local t = {}
for i = 1, 10 do t[i] = i end
local s = 0
for i = 1, 10 do
  s = s + t[i / 2 + 0.5 * (i % 2)] -- 1.0, 1.0, 2.0, 2.0 ...
end
print(s)
local h = {[0] = 5, [-1] = 7, [2.5] = 11, a = 13}
local u = 0
for i = -1, 2 do
  local k = i
  if i == 1 then k = 2.5 end
  if i == 2 then k = "a" end
  u = u + h[k] * i
end
print(u)
local a = {}
for i = 1, 20 do a[i] = i * i end -- appends
local b = {}
for i = 20, 1, -1 do b[i] = a[i] - i end -- the hash part first
local c = 0
for i = 1, 20 do c = c + b[i] end
print(#a, c)
local f = {}
for i = 1, 5 do f[i + 0.0] = i end -- float keys normalised to integers
print(#f, f[3], math.type(f[3]))
local ok, err = pcall(function()
  local z = {}
  for i = 1, 3 do z[i / 0 - i / 0] = i end -- NaN key
end)
print(ok, err)
