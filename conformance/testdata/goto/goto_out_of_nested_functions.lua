-- checks goto cannot cross function boundaries but works inside nested functions
local function f(n)
  local r = {}
  for i = 1, n do
    if i == 3 then goto skip end
    r[#r + 1] = i
    ::skip::
  end
  return table.concat(r, ",")
end
print(f(5))
print(load("local function g() goto outer end ::outer::"))
