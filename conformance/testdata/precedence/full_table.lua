-- checks the full precedence ladder: or < and < comparison < | < ~ < & < shift < .. < +- < */ //% < unary < ^
print(1 or 2 and 3)
print(nil and 1 == 1)
print(1 | 6 ~ 3 & 5)
print(pcall(function() return 1 << 2 .. "" end))  -- 1 << "2": strings not coerced by bitwise ops
print(3 .. 4 + 1)
print(1 + 2 * 3 - 4 / 2)
print(2 * -3 ^ 2)
print(5 > 3 == true)
print(1 | 2 < 4)
print(2 ^ 2 .. "")
print("a" .. "b" == "ab" and 1 + 1 or 0)
