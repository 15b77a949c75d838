-- checks assignments to undeclared names create globals in _ENV
newglobal = 42
print(newglobal, _ENV.newglobal, _G.newglobal)
g1, g2 = 1, 2
print(g1, g2, rawget(_G, "g2"))
newglobal = nil
print(newglobal, rawget(_G, "newglobal"))
