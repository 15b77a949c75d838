-- many pcalls in a loop with alternating success and failure
local okc, errc = 0, 0
for i = 1, 10000 do
  local ok = pcall(function() if i % 3 == 0 then error(i) end return i end)
  if ok then okc = okc + 1 else errc = errc + 1 end
end
print(okc, errc)
local last
for i = 1, 5 do
  local ok, e = pcall(error, {n = i})
  last = e.n
end
print(last)
