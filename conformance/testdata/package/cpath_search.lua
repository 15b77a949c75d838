-- the C searchers look in package.cpath; a missing C module is reported
package.path = ""
print(pcall(require, "cmod"))
print(package.searchpath("cmod", package.cpath))
