-- gmatch with captures returns only captures; without, the whole match
local it = ("k=v"):gmatch("(%w)=(%w)")
print(it())
it = ("abc"):gmatch("%w")
print(it(), it(), it(), it())
for a, b, c in ("12 34"):gmatch("()(%d)(%d)") do print(a, b, c) end
