-- tail calls through vararg helper functions preserve trailing nils
local function count(...) return select('#', ...) end
local function fwd(...) return count(...) end
local function fwd2(...) return fwd(...) end
print(fwd2())
print(fwd2(nil))
print(fwd2(nil, nil, nil))
local function pk(...) return table.pack(...) end
local t = (function(...) return pk(...) end)(1, nil, nil)
print(t.n, t[1], t[2], t[3])
