-- checks "malformed number" errors for bad numerals
print(load("return 0x1p"))
print(load("return 1.5e"))
print(load("return 12abc"))
print(load("return 0x.p1"))
print(load("return .e1"))
print(load("return 1..2"))
print(load("return 3.0x"))
print(load("return 0xep"))
