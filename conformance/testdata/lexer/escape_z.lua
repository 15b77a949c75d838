-- checks the \z escape skips following whitespace including newlines
local s = "abc\z
           def\z   ghi\z

   jkl"
print(s, #s)
print("a\z")
print(#"\z   ")
