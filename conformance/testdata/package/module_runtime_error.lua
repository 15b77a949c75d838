-- errors raised while running a module propagate and the module is not cached
print(pcall(require, "raises"))
print(package.loaded.raises)
print(pcall(require, "raises"))
