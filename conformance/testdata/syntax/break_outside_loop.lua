-- checks "break outside a loop" errors, including break inside a function inside a loop
print(load("break"))
print(load("x = 1\nif x then break end"))
print(load("while true do local f = function() break end end"))
print(load("do break end"))
print(load("for i = 1, 2 do break end") ~= nil)
print(load("repeat break until true") ~= nil)
