-- checks "function or expression needs too many registers" with a huge call argument list
local args = {}
for i = 1, 300 do args[i] = "x" end
print(load("f(" .. table.concat(args, ",") .. ")"))
local ok = {}
for i = 1, 200 do ok[i] = "1" end
print(load("return f(" .. table.concat(ok, ",") .. ")") ~= nil)
