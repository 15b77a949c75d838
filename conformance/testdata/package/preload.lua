-- package.preload functions are used before searching the path
package.preload.virtual = function(name, extra)
  print("loader called with", name, extra)
  return {virtual = true}
end
local m, data = require("virtual")
print(m.virtual, data)
print(require("virtual") == m)
package.preload.nilmod = function() end
print(require("nilmod"))
