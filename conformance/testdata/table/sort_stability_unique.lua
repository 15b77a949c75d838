-- sorting records by a unique key gives a unique order
local recs = {}
for i = 1, 50 do recs[i] = {key = (i * 7919) % 1009, id = i} end
table.sort(recs, function(a, b) return a.key < b.key end)
local out = {}
for i = 1, 10 do out[i] = recs[i].key .. ":" .. recs[i].id end
print(table.concat(out, " "))
local ok = true
for i = 2, #recs do if recs[i - 1].key >= recs[i].key then ok = false end end
print(ok)
