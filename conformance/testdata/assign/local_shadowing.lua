-- checks local declarations shadow outer variables and "local x = x" sees the outer value
local x = 1
do
  local x = x + 1
  print(x)
  do
    local x = x * 10
    print(x)
  end
  print(x)
end
print(x)
local y = 5
local y = y + 1
print(y)
local z = "global?"
local function f() local z = z .. "!" return z end
print(f())
