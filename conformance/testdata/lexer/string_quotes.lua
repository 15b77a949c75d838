-- checks single and double quoted strings may contain the other quote and embedded zeros
print('a"b', "a'b")
local s = "x\0y"
print(#s, s:byte(2))
print(#'', #"")
print(("abc"):upper(), #"\z")
