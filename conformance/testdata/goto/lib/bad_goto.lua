-- helper: a goto that jumps into the scope of local 'y'
goto ahead
local y = 1
::ahead::
print(y)
