-- checks long bracket strings may contain quotes, backslashes and "]]" of other levels
local s = [==["quoted" 'single' \n \\ ]] ]=] [[ ]==]
print(s)
print(#s)
