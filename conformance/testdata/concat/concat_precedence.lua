-- checks .. binds looser than arithmetic but tighter than comparison
print(1 + 2 .. 3 * 4)
print("a" .. 1 + 1 .. "b")
print("10" .. 1 == "101", 2 .. 3 < "24")
print(-2 .. "", 2 ^ 2 .. "")
