-- checks numeric and generic for loops create a fresh loop variable per iteration
local fs = {}
for i = 1, 3 do fs[#fs + 1] = function() return i end end
for _, v in ipairs{"a", "b"} do fs[#fs + 1] = function() return v end end
local out = {}
for _, f in ipairs(fs) do out[#out + 1] = tostring(f()) end
print(table.concat(out, " "))
local gs = {}
for i = 1, 2 do
  local j = i
  gs[i] = function() j = j + 1; return j end
end
print(gs[1](), gs[1](), gs[2]())
