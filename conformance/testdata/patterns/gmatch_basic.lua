-- string.gmatch iterates over all matches
for w in string.gmatch("one two  three", "%a+") do io.write("[", w, "]") end
print()
for k, v in string.gmatch("a=1, b=2, c=3", "(%w+)=(%w+)") do io.write(k, "->", v, ";") end
print()
for p in string.gmatch("abc", "()") do io.write(p, " ") end
print()
local n = 0
for _ in ("x"):gmatch("y") do n = n + 1 end
print(n)
local it = ("a1b2"):gmatch("%d")
print(it(), it(), it(), it())
