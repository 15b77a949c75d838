-- circular require: a requires b
local b = require("circular_b")
return {name = "a", b = b}
