-- checks the limit of 255 upvalues per function (generated source)
local function make(n)
  local decl, uses = {}, {}
  for i = 1, n do
    local name = "u" .. i
    if i % 100 == 1 then decl[#decl + 1] = "local " end
    decl[#decl + 1] = "do end "
    uses[#uses + 1] = name
  end
  -- declare in groups of 100 (locals per function are limited to 200)
  local src = {}
  local depth = 0
  for i = 1, n, 100 do
    local group = {}
    for j = i, math.min(i + 99, n) do group[#group + 1] = "u" .. j end
    src[#src + 1] = "local " .. table.concat(group, ",") .. "\nreturn function()\n"
    depth = depth + 1
  end
  src[#src + 1] = "return " .. table.concat(uses, "+") .. "\n"
  for i = 1, depth do src[#src + 1] = "end\n" end
  return table.concat(src)
end
print(load(make(255)) ~= nil)
print(load(make(256)))
