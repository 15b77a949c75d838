-- warnings enabled with "@on" go to stderr prefixed with "Lua warning: "
print("start")
warn("@on")
warn("a warning")
print("end")
