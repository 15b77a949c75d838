-- circular requires: package.loaded has no placeholder (nil) while the first module loads
local a = require("circular_a")
print(a.name, a.b.name, a.b.a_seen)
print(package.loaded.circular_a == a)
