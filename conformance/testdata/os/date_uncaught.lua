-- an uncaught invalid os.date specifier goes to stderr
print(os.date("!%Y", 0))
print(os.date("%Ez", 0))
