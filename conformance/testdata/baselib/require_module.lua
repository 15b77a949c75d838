-- require loads a module from LUA_PATH once and caches it in package.loaded
local m = require("mymod")
print(m.hello())
print(m.loaded_with)
print(require("mymod") == m)
print(package.loaded.mymod == m)
local ok, err = pcall(require, "no_such_module_xyz")
print(ok, (err:match("^[^\n]*")))
