-- checks the limit of 200 local variables per function (generated source)
local function make(n)
  local parts = {}
  for i = 1, n do parts[#parts + 1] = "local v" .. i .. " = " .. i end
  return table.concat(parts, "\n")
end
print(load(make(200)) ~= nil)
print(load(make(201)))
print(load("local function f()\n" .. make(201) .. "\nend"))
local names = {}
for i = 1, 201 do names[i] = "a" .. i end
print(load("local " .. table.concat(names, ",")))
