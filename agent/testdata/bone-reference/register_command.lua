bone.register_command("greet", {
    description = "Greet someone",
    handler = function(args, ctx)
        -- args: string of text typed after the command
        -- ctx:  the context table (see below)
        return "hello, " .. (args or "world")
    end,
})
