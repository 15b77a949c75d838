-- checks "'=' expected" and related assignment/statement syntax errors
print(load("x"))
print(load("x y"))
print(load("a.b"))
print(load("a, b"))
print(load("a, b 1"))
print(load("local x <const>") ~= nil)  -- valid: const initialised to nil
print(load("a[1]"))
print(load("(a) = 1"))
print(load("f() = 1"))
print(load("a, f() = 1, 2"))
