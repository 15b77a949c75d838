-- checks .. converts integers and floats to strings using tostring formatting
print(1 .. 2, 1 .. "", 1.0 .. "", -0.0 .. "", 1e100 .. "")
print(2^63 .. "", math.mininteger .. "", 0.1 .. "", 1/3 .. "")
print(1/0 .. "", -1/0 .. "", 255 .. "", 0xff .. "")
print("x" .. 1.5 .. "y" .. 2)
