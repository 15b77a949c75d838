-- require caches modules in package.loaded and does not reload them
local a = require("simple")
local b, extra = require("simple")
print(a == b, simple_load_count, extra)
package.loaded.simple = nil
local c = require("simple")
print(c ~= a, simple_load_count)
package.loaded.fake = "preloaded value"
print(require("fake"))
