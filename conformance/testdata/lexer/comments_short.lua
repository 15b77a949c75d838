-- checks short comments: to end of line, after code, and "--" inside strings
print(1) -- trailing comment
-- print(2)
print("--not a comment") --[ not long either
print(3) --[=x not a long bracket
--
print(4)
