-- checks nil/false are the only false values; 0 and "" are true
local vals = {nil, false, true, 0, 0.0, "", "false", -0.0}
for i = 1, 8 do
  local v = vals[i]
  print(i, tostring(v), v and "truthy" or "falsy")
end
print(nil == false, false == false, true == 1)
print(tostring(nil), tostring(true), tostring(false))
