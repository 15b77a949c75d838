-- checks long chains of .. mixing numbers and strings evaluate left-to-right into one string
local a, b, c = 1, 2.5, "z"
local s = a .. "-" .. b .. "-" .. c .. "-" .. a + 1 .. "-" .. -b
print(s)
print(1 .. 2 .. 3 .. 4 .. 5 .. 6 .. 7 .. 8 .. 9 .. 10 .. 11 .. 12)
