-- Compile-time constants, to-be-closed variables, nested blocks, shadowing.
local limit <const> = 100
local name <const> = "scopes"
local half <const> = limit // 2
local function open(tag)
  return setmetatable({tag = tag}, {__close = function(o) print("close", o.tag) end})
end
local total = 0
do
  local a <close> = open("a")
  local total = total + half
  do
    local b <close> = open("b")
    total = total + limit
  end
  print(name, total)
end
for i = 1, 2 do
  local c <close> = open("c" .. i)
  if i == 2 then break end
end
return total, name
