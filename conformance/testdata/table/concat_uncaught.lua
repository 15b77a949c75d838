-- an uncaught table.concat error goes to stderr
print(table.concat({"a", "b"}))
print(table.concat({"a", {}, "c"}, "-"))
