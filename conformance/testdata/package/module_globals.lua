-- modules share the global environment
print(module_global)
require("usesenv")
print(module_global)
