-- a call in a typed loop grows, shrinks and replaces the array the loop
-- reads: every read after the call sees the table as it is then
local t = {}
for i = 1, 16 do t[i] = i end
local function churn(k)
  if k % 4 == 0 then
    for j = #t + 1, #t + 40 do t[j] = j end -- grows: the array moves
  elseif k % 5 == 0 then
    for j = #t, 10, -1 do t[j] = nil end -- shrinks
  elseif k == 7 then
    table.insert(t, 1, 100)
  elseif k == 9 then
    table.remove(t, 2)
  end
end
local s = 0
for i = 1, 14 do
  churn(i)
  local v = t[i]
  if not v then v = -1000 end
  s = s + v * i
  t[i] = s % 97
end
print(s, #t)
local r = {1, 2, 3}
local n = 0
for i = 1, 3 do
  local x = r[i]
  r = {10, 20, 30, 40} -- the register itself replaced
  n = n + x + r[i]
end
print(n)
