local a = 1 --[[ a
long comment ]] + 2
local b = f( -- one
  a --[==[
  ]==] , -- two
  -- three
  a
  -- four
)
local c = { a --[[
  ]] , b
}
local d = a
  --
  ..
  --[[
  ]]
  b
print(a, b, c, d)
