-- package.searchpath finds files with the given separators
print(package.searchpath("simple", package.path))
print(package.searchpath("pkg", package.path))
print(package.searchpath("pkg.sub", package.path))
print(package.searchpath("pkg_sub", "lib/?.lua", "_", "/"))
print(package.searchpath("lib.simple", "?.lua"))
print(package.searchpath("lib/simple", "?.lua", ""))
