-- different seeds give different but reproducible sequences; two-argument seeds
local function seq(...)
  math.randomseed(...)
  local t = {}
  for i = 1, 4 do t[i] = math.random(1000) end
  return table.concat(t, " ")
end
print(seq(0))
print(seq(1))
print(seq(42))
print(seq(42) == seq(42))
print(seq(1, 2))
print(pcall(seq, 1.5))
print(seq(2.0))
print(seq(-1))
print(seq(math.maxinteger))
