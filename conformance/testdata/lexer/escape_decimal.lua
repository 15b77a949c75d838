-- checks \ddd decimal escapes with 1 to 3 digits and following digits
print("\65\066\0671")          -- \067 then literal 1
print(#"\0", #"\00", #"\000", #"\0000")
print("\1234" == "{4")
local s = "\255\0\9"
for i = 1, #s do io.write(s:byte(i), " ") end
print()
