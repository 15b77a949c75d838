-- table.sort with custom comparators
local t = {5, 3, 8, 1, 9, 2}
table.sort(t, function(a, b) return a > b end)
print(table.concat(t, " "))
local people = {{name = "bob", age = 30}, {name = "al", age = 25}, {name = "cy", age = 35}, {name = "di", age = 20}}
table.sort(people, function(a, b) return a.age < b.age end)
local out = {}
for i, p in ipairs(people) do out[i] = p.name .. p.age end
print(table.concat(out, " "))
local words = {"ccc", "a", "bb", "dddd"}
table.sort(words, function(a, b) return #a < #b end)
print(table.concat(words, " "))
