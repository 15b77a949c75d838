-- type returns the name of each basic type
print(type(nil), type(true), type(0), type(1.5), type("s"))
print(type({}), type(print), type(function() end))
print(type(coroutine.create(print)), type(io.stdout))
print(type(type), type(type(nil)))
print(type(setmetatable({}, {__name = "Custom"})))
print(pcall(type))
print(type(nil) == "nil")
