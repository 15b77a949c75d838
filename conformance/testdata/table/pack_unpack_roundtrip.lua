-- table.pack and table.unpack round trip varargs with nils
local function roundtrip(...)
  local t = table.pack(...)
  return table.unpack(t, 1, t.n)
end
print(roundtrip(nil, 2, nil))
print(select('#', roundtrip(nil, nil, nil)))
print(select('#', roundtrip()))
