-- os.getenv for set and unset variables
print(os.getenv("HOME"))
print(os.getenv("TZ"))
print(os.getenv("LUA_PATH"))
print(os.getenv("PANTO_SURELY_NOT_SET"))
print(os.getenv(""))
print(pcall(os.getenv))
print(pcall(os.getenv, {}))
