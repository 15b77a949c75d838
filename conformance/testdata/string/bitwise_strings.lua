-- bitwise operators on strings convert integer-valued strings
print(pcall(function() return "3" | 4 end))
print(pcall(function() return "0xff" & "0x0f" end))
print(pcall(function() return ~"0" end))
print(pcall(function() return "1" << 4 end))
print(pcall(function() return "2.0" ~ 1 end))
