-- checks 5.4 rule: a label at the end of a block (followed only by void statements) is outside local scopes
local out = {}
do
  goto finish
  local x = 10
  out[#out + 1] = x
  ::finish::
end
print(#out)
for i = 1, 3 do
  if i == 2 then goto cont end
  local v = i * 2
  out[#out + 1] = v
  ::cont::
end
print(table.concat(out, " "))
