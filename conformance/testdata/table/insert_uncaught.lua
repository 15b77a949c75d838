-- an uncaught table.insert position error goes to stderr
print("start")
local t = {1, 2}
table.insert(t, 10, 3)
