-- a module with a syntax error reports "error loading module"
print(pcall(require, "broken"))
print(package.loaded.broken)
