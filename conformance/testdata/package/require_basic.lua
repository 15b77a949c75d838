-- require loads a module from lib/ and returns its value and the loader data
local m, path = require("simple")
print(m.name, m.hello(), path)
print(m.args[1], m.args[2])
print(package.loaded.simple == m)
