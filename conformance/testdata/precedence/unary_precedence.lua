-- checks unary operators (not, #, -, ~) bind tighter than binary ones except ^
print(-1 + 2, - (1 + 2), ~0 + 1, ~(0 + 1))
print(#"ab" + 1, #("ab" .. "c"), not 1 == nil)
print(- - 2, not not true, ~ ~ 5, - ~ 1)
