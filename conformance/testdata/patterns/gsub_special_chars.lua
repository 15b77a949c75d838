-- escaping magic characters for a literal gsub
local function escape(s) return (s:gsub("[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0")) end
local needle = "a.b*c(d)"
local e = escape(needle)
print(e)
print(("x a.b*c(d) y"):gsub(e, "FOUND"))
print(("100% sure"):gsub("%%", "%%%%"))
print((("price: $5"):gsub("%$", "USD ")))
