-- helper chunk that raises an error on line 3
local msg = "raised from file"
error(msg)
