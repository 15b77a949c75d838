-- checks constructors with more items than one SETLIST batch (generated source)
local parts = {}
for i = 1, 120 do parts[i] = tostring(i * 2) end
local t = load("return {" .. table.concat(parts, ",") .. "}")()
print(#t, t[1], t[50], t[51], t[100], t[120])
local u = load("return {" .. table.concat(parts, ",") .. ", ...}")(7, 8, 9)
print(#u, u[121], u[123])
