local t, n = ...
for i = 1,
  n,
  2 do
  print(i)
end
for i = n
  , 10 do
  print(i)
end
for k, v in
  pairs(t) do
  print(k, v)
end
for k, v in next,
  t,
  nil do
  print(k)
end
while t[n]
  ~= nil do
  n = n + 1
end
repeat
  n = n // 2
until n <
  1 or t
  [n]
if n >
  2 then
  print(n)
elseif t
  .x then
  print(t)
end
do
  local x <close> = nil
  print(x)
end
