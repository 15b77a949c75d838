-- checks an uncaught length error naming a field, with traceback
local obj = {name = "x"}
print(#obj.name)
print(#obj.items)
