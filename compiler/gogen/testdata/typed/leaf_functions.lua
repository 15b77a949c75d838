-- small functions without loops, calls or table accesses: their whole
-- body is a typed copy, entered when the parameters have the guessed
-- types; other types and errors keep the generic
-- code's results
local function A(i, j)
  local ij = i + j - 1
  return 1.0 / (ij * (ij - 1) * 0.5 + i)
end
local function mix(a, b)
  if a < b then return a * 2 end
  return b // a
end
local function nothing(x)
  local y = x + 1
end
print(A(1, 1), A(3, 4), A(2.5, 1), A("3", 4), A(1, 2.0))
print(mix(1, 2), mix(7, 3), mix(2.5, 9), mix(3.5, 1))
print(mix(0, -1.0), pcall(mix, "x", 1))
print(pcall(mix, {}, 1))
print(nothing(1), select("#", nothing(2.5)))
local s = 0
for i = 1, 200 do s = s + A(i, i + 1) + mix(i, 100) end
print(s)
print(pcall(A, nil, 1))
