-- checks ^ binds tighter than unary operators on its left and is right associative
print(-2 ^ 2, (-2) ^ 2, 2 ^ -1, 2 ^ 3 ^ 2)
print(not nil == true, -3 ^ 0.5 ~= -3 ^ 0.5)
print(pcall(function() return #"abc" ^ 2 end))  -- means #("abc" ^ 2)
print((#"abc") ^ 2, -#"ab")
print(2 ^ - 2, - 2 ^ - 2)
