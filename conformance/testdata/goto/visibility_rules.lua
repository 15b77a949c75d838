-- checks a label is visible in its block and nested blocks, but not from enclosing blocks or functions
print(load("goto l; do ::l:: end"))
print(load("do goto l end ::l::") ~= nil)
print(load("::l:: do goto l end") ~= nil)
print(load("::l:: local f = function() goto l end"))
print(load("do ::l:: end do goto l end"))
print(load("if true then goto l end ::l::") ~= nil)
