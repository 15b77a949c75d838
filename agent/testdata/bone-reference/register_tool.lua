bone.register_tool({
    name = "word_count",
    description = "Count words in a file",
    parameters = {
        type = "object",
        properties = {
            path = { type = "string", description = "File path" },
        },
        required = { "path" },
    },
    safety = "read_only",          -- "read_only" or "danger" (default)
    execute = function(params, ctx)
        local content = ctx.read_file(params.path)
        local n = select(2, content:gsub("%S+", ""))
        return params.path .. ": " .. n .. " words"
    end,
})
