-- in gmatch a leading '^' is not an anchor: it is matched as a literal character
local out = {}
for w in ("aaa"):gmatch("^a") do out[#out + 1] = w end
print(#out)
out = {}
for w in ("x^a y^a ^b"):gmatch("^%a") do out[#out + 1] = w end
print(#out, table.concat(out, ","))
out = {}
for w in ("abc"):gmatch("c$") do out[#out + 1] = w end
print(#out, out[1])
out = {}
for w in ("a$b"):gmatch("a$") do out[#out + 1] = w end
print(#out, out[1])
-- match and find do anchor
print(("aaa"):match("^a"), ("x^a"):find("^^a"))
