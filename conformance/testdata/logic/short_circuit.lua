-- checks the right operand of and/or is evaluated only when needed
local log = {}
local function v(name, val) log[#log + 1] = name; return val end
local r1 = v("a", false) and v("b", true)
local r2 = v("c", 1) or v("d", 2)
local r3 = v("e", nil) or v("f", "x")
local r4 = v("g", true) and v("h", false) or v("i", "y")
print(r1, r2, r3, r4)
print(table.concat(log, " "))
print(pcall(function() return false and nil + 1 end))
print(pcall(function() return true or error("never") end))
