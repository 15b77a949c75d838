-- package.searchers must be a table; searchers returning odd values
local saved = package.searchers
package.searchers = nil
print(pcall(require, "x_missing"))
package.searchers = {function() return nil end}
print(pcall(require, "x_missing"))
package.searchers = {function() return 42 end}
print(pcall(require, "x_missing"))
package.searchers = saved
