-- checks unknown attributes and multiple to-be-closed variables in one list
print(load("local x <foo> = 1"))
print(load("local x <CONST> = 1"))
print(load("local x <close>, y <close> = nil, nil"))
print(load("local x <const"))
print(load("local x < const > = 1") ~= nil)
print(load("local function f <const> () end"))
