-- checks errors when the generic for iterator is not callable or closing value is invalid
print(pcall(function() for k in nil do end end))
print(pcall(function() for k in {} do end end))
print(pcall(function() local t = {}; for k, v in t do end end))
print(pcall(function() for k in next, {}, nil, 42 do end end))
