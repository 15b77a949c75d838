-- changing package.path at run time affects require
package.path = "./lib/?.lua"
local m, p = require("simple")
print(m.name, p)
package.path = "nowhere/?.lua"
package.loaded.simple = nil
print(pcall(require, "simple"))
