-- checks "jumps into the scope of local" errors and allowed jumps to the end of a block
print(load("goto l; local a = 1; ::l:: print(a)"))
print(load("do goto l; local a = 1; ::l:: end") ~= nil)
print(load("do goto l; local a = 1; ::l:: ; ; end") ~= nil)
print(load("do goto l; local a = 1; ::l:: print(a) end"))
print(load("repeat goto l; local x ::l:: until x"))
print(load("while true do goto c; local z = 1; ::c:: end") ~= nil)
