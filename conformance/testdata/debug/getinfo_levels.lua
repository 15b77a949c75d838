-- walking the stack with getinfo levels
local function level3()
  local out = {}
  local l = 1
  while true do
    local i = debug.getinfo(l, "Sln")
    if not i then break end
    out[#out + 1] = string.format("%d:%s:%s:%s:%d", l, i.what, tostring(i.name), i.short_src, i.currentline)
    l = l + 1
  end
  return table.concat(out, "\n")
end
local function level2() return (level3()) end
local function level1() return (level2()) end
print(level1())
