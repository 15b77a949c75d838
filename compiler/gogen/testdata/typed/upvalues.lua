-- upvalues read and written in a typed loop
local count, total = 0, 0.5
local function run(m)
  for i = 1, m do
    count = count + 1
    total = total + count / 2
  end
  return count
end
print(run(10), run(5), count, total)
