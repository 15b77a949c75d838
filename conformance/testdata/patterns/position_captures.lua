-- position captures return integer positions
print(("hello"):match("()ll()"))
print(("hello"):find("()ll()"))
print(("hello"):gsub("()l", "%1"))
for p, c in ("abc"):gmatch("()(.)") do io.write(p, c, " ") end
print()
print(("abc"):match("()$"), ("abc"):match("^()"))
local t = {}
("x y z"):gsub("()%a", function(p) t[#t + 1] = p end)
print(table.concat(t, ","))
