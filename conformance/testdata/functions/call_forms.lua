-- checks call sugar f"str", f[[str]], f{table} and chained calls
local function id(x) return x end
print(id"short", id[[long]], #id{1, 2, 3})
local function curry(a) return function(b) return function(c) return a .. b .. c end end end
print(curry"x""y""z")
print(curry("1")("2")("3"))
local s = ("%d-%d"):format(1, 2)
print(s)
