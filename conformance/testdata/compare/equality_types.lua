-- checks == never converts types: numbers vs strings, tables by reference
print(1 == "1", "1" == 1, 0 == false, nil == false, "" == false)
local a, b = {}, {}
print(a == a, a == b, a ~= b)
local f = function() end
print(f == f, print == print, print ~= f)
print("abc" == "a" .. "bc", 2 == 2.0, -0.0 == 0)
