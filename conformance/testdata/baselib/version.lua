-- _VERSION is "Lua 5.4"
print(_VERSION)
print(type(_VERSION))
print(_G._VERSION == _VERSION)
print(_VERSION:match("^Lua (%d+%.%d+)$"))
