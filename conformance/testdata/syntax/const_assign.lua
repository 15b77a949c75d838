-- checks assignments to <const> and <close> variables are compile errors
print(load("local x <const> = 1; x = 2"))
print(load("local x <close> = nil; x = 2"))
print(load("local a, b <const> = 1, 2; a = 3; b = 4"))
print(load("local x <const> = 1; local function f() x = 2 end"))
print(load("local x <const> = {}; x.field = 1") ~= nil)
print(load("local x <const> = 1; do local x = 2; x = 3 end") ~= nil)
