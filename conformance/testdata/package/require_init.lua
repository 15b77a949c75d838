-- require of a package directory uses lib/pkg/init.lua; submodules use dots
local p, path = require("pkg")
print(p.name, path, p.args[1], p.args[2])
local s, spath = require("pkg.sub")
print(s.name, spath, s.args[1], s.args[2])
print(require("dotted.name"))
