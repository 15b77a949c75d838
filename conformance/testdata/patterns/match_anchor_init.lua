-- match with '^' anchors at the init position
print(("hello"):match("^l+", 3), ("hello"):match("^l+", 2))
print(("hello"):match("^o", -1), ("hello"):match("^.", 6))
print(("a1b2"):match("^%d", 2), ("a1b2"):match("^%a%d$", 3))
