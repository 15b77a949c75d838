-- io.write prints floats with %.14g (no ".0" suffix, unlike tostring) and integers as is
io.write(1, " ", 1.0, " ", -0.0, " ", 1e100, " ", 2^63, " ", math.mininteger, " ", 0.1, "\n")
io.write(1/3, " ", 100 // 1, " ", 7 / 2, "\n")
