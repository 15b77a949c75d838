-- an uncaught error message containing newlines is printed as is
local lines = {"line one", "line two", "line three"}
local msg = table.concat(lines, "\n")
print("about to fail")
error(msg)
