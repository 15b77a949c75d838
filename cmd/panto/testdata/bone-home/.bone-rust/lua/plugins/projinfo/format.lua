-- The plugin's own module, found by require("format") below its folder.
local M = {}

function M.list(title, names)
    table.sort(names)
    return title .. ": " .. table.concat(names, ", ")
end

return M
