-- gmatch iterator state is independent of the loop variable and other iterators
local it1 = ("a b c"):gmatch("%a")
local it2 = ("1 2 3"):gmatch("%d")
print(it1(), it2(), it1(), it2(), it1(), it2(), it1(), it2())
local s = "key1=val1;key2=val2"
local t = {}
for k, v in s:gmatch("(%w+)=(%w+)") do t[#t + 1] = k .. ":" .. v; k = "changed" end
print(table.concat(t, " "))
