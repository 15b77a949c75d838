-- package.path and package.cpath come from LUA_PATH and LUA_CPATH; package.config
print(package.path)
print(package.cpath)
print((package.config:gsub("\n", "|")))
print(#package.config)
