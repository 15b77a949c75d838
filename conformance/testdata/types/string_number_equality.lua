-- checks strings and numbers are never equal and tostring/tonumber round-trip
print("10" == 10, tostring(10) == "10", tonumber("10") == 10)
print(tonumber(tostring(0.1)) == 0.1, tostring(1/3) == "0.33333333333333")
print(tonumber(tostring(2^63)) == 2^63, tostring(-0.0))
