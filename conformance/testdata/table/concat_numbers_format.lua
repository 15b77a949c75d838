-- table.concat converts numbers like tostring
print(table.concat({1, 1.0, -0.0, 1e100, 0.1, 1/3, 255 // 1, 7 / 2}, "|"))
print(table.concat({10, 20}, 0))
