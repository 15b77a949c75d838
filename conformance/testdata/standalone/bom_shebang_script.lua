#!/usr/bin/env lua
print("script with a BOM and a shebang", ...)
error("line 3")
