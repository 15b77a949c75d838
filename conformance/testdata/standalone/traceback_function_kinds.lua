-- traceback lines name functions as global, method, field, local and upvalue
local lib = {}
function global_entry() lib.field_fn() end
function lib.field_fn() local obj = {m = function(self) helper() end}; obj:m() end
local function local_fn() error("deep in the stack") end
function helper() local_fn() end
global_entry()
