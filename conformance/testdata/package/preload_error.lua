-- errors raised by a package.preload loader propagate through require
package.preload.bad = function(name) error("preload loader failed for " .. name) end
print(pcall(require, "bad"))
print(package.loaded.bad)
package.preload.notfunc = "not a function"
print(pcall(require, "notfunc"))
