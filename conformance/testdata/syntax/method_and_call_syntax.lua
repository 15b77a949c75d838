-- checks call-syntax errors: method without args, string and table call forms are accepted
print(load("a:b"))
print(load("a:b.c()"))
print(load("a:b 1"))
print(load("f{1}; f'x'; f\"y\"; a:b{}; a:b''") ~= nil)
print(load("f[[x]]") ~= nil)
print(load("x = function"))
print(load("return function() end()"))
