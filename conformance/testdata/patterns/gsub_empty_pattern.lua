-- gsub and gmatch with empty and optional-only patterns do not loop forever
print(("abc"):gsub("", "."))
print(("abc"):gsub("x?", "."))
print(("abc"):gsub("b*", "."))
print(("abc"):gsub(".-", "."))
local n = 0
for _ in ("héllo"):gmatch("") do n = n + 1 end
print(n)
