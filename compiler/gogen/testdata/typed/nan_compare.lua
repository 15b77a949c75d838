local n, c = 0 / 0, 0
for i = 1, 10 do
  if n < i then c = c + 1 end
  if n == n then c = c + 10 end
  if i > n or i <= n then c = c + 100 end
  if not (n >= i) then c = c + 1000 end
end
print(c)
