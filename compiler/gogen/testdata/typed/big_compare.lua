-- integers and floats compare by their exact values
local big, c = 2 ^ 53, 0
for i = 9007199254740990, 9007199254740994 do
  if i < big + 1.0 then c = c + 1 end
  if i == big then c = c + 100 end
  if i <= big then c = c + 10000 end
  if big < i then c = c + 1000000 end
end
print(c)
