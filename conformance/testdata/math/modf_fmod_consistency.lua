-- modf and fmod agree with floor and the % operator for sample values
for _, x in ipairs({5.25, -5.25, 0.75, -0.75, 10, -10}) do
  local i, f = math.modf(x)
  print(x, i, f, i + f == x, math.fmod(x, 2), x % 2)
end
