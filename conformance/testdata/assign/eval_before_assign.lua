-- checks i, a[i] = i+1, 20 uses the old i for the index (manual example)
local i = 3
local a = {}
i, a[i] = i + 1, 20
print(i, a[3], a[4])
local t = {}
local k = 1
k, t[k], t[k + 1] = 5, "first", "second"
print(k, t[1], t[2], t[5])
