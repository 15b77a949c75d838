-- checks == and < between integers and floats compare mathematical values exactly near 2^53
local i = 2^53 | 0          -- 9007199254740992 as an integer
print(i == 2^53, i + 1 == 2^53, i + 1 > 2^53, i + 1 < 2^53 + 2)
print(9007199254740993 == 2^53 + 1.0, 9007199254740993 > 2^53 + 1.0)
print(9007199254740993 <= 9007199254740992.0, 9007199254740993 >= 9007199254740992.0)
print(1 == 1.0, 1 < 1.5, 2 > 1.5, -1 < -0.5)
