-- checks compile-time goto errors: missing labels, duplicates, jumping into local scope
print(load("goto nowhere"))
print(load("do ::a:: end goto a"))
print(load("::a:: ::a::"))
print(load("::a::\ndo\n::a::\nend"))
print(load("goto f\nlocal x\n::f::\nprint(x)"))
print(load("local function g() goto out end ::out::"))
print(load("while true do goto cont end ::cont::") ~= nil)
print(load("goto = 1"))
