-- select with positive indexes and '#'
print(select(1, "a", "b", "c"))
print(select(2, "a", "b", "c"))
print(select(3, "a", "b", "c"))
print(select(4, "a", "b", "c"))
print(select('#'))
print(select('#', nil, nil))
print(select('#', "a", nil, "c", nil))
print(select(2.0, "x", "y"))
print(select("2", "x", "y"))
print(select(100, 1, 2))
local function count(...) return select('#', ...) end
print(count(), count(nil), count(1, 2, 3))
