-- an uncaught missing-module error goes to stderr with the full list
print("start")
require("definitely_missing")
