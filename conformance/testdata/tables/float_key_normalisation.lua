-- checks float keys with integral values are normalised to integer keys
local t = {}
t[1.0] = "one"
t[2] = "two"
print(t[1], t[2.0], #t)
local ks = {}
for k in pairs(t) do ks[#ks + 1] = k end
table.sort(ks)
for _, k in ipairs(ks) do print(math.type(k), k, t[k]) end
t[-0.0] = "zero"
print(t[0], math.type(next({[3.0] = true})))
t[1.5] = "frac"
print(t[1.5], t[1])
