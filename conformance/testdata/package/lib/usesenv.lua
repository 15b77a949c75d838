-- module defines a global
module_global = "defined"
return true
