-- Every loop and branch form, break and goto.
local t, n = ...
if n > 10 then
  n = 10
elseif n < 0 then
  n = 0
else
  n = n + 1
end
local s = 0
for i = 1, n do s = s + i end
for i = n, 1, -2 do s = s - i end
for i = 0.5, 2.5, 0.5 do s = s + i end
for k, v in pairs(t) do
  if v == nil then break end
  s = s + #k
end
while s > 100 do s = s // 2 end
repeat
  local half = s // 2
  s = s - half
until half < 1
do
  local i = 0
  ::again::
  i = i + 1
  if i < 3 then goto again end
end
return s
