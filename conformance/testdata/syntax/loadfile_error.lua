-- checks loadfile returns the syntax error message with the file name as chunk name
print(loadfile("lib/bad_chunk.lua"))
print(loadfile("lib/bad_unfinished.lua"))
print(pcall(dofile, "lib/bad_chunk.lua"))
