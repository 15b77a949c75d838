#!/usr/bin/env lua this first line is skipped
-- checks that a first line starting with # is ignored by the standalone interpreter
print("shebang skipped")
print(load("#comment\nreturn 1"))
