-- a module's return value replaces what it stored in package.loaded unless it returns nil
package.preload.both = function(name)
  package.loaded[name] = "stored"
  return "returned"
end
print(require("both"))
package.preload.onlystore = function(name)
  package.loaded[name] = "stored only"
end
print(require("onlystore"))
package.preload.storefalse = function(name)
  package.loaded[name] = false
end
print(require("storefalse"))
