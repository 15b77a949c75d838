-- A bone user's ~/.bone-rust/init.lua, as bone's users write them: tools,
-- a command, a sub-agent and hooks that block and rewrite.
bone.log.info("init.lua running in " .. bone.cwd)

bone.register_tool({
    name = "word_count",
    description = "Count words in a file",
    parameters = {
        type = "object",
        properties = { path = { type = "string", description = "File path" } },
        required = { "path" },
    },
    safety = "read_only",
    display = { template = "Counting words in {path}", show_result = true },
    execute = function(params, ctx)
        local content = ctx.read_file(params.path)
        local n = select(2, content:gsub("%S+", ""))
        return params.path .. ": " .. n .. " words"
    end,
})

bone.register_tool({
    name = "forbidden",
    description = "A tool the hooks never let run",
    parameters = { type = "object", properties = {} },
    safety = "read_only",
    execute = function() return "FORBIDDEN RAN" end,
})

bone.register_tool({
    name = "tally",
    description = "Add a number to a running tally",
    parameters = { type = "object", properties = { n = { type = "number" } }, required = { "n" } },
    safety = "read_only",
    stateful = true,
    execute = function(params, ctx)
        local total = (ctx.previous_state or 0) + params.n
        return { content = "tally " .. total, state = total }
    end,
})

bone.register_tool({
    name = "note",
    description = "Write a note file",
    parameters = { type = "object", properties = { text = { type = "string" } }, required = { "text" } },
    execute = function(params, ctx)
        ctx.write_file("note.txt", params.text)
        local r = ctx.shell("wc -c < note.txt")
        return "note written, " .. r.stdout:gsub("%s+", "") .. " bytes"
    end,
})

bone.register_command("greet", {
    description = "Greet someone",
    handler = function(args, ctx)
        return "hello, " .. (args or "world")
    end,
})

bone.register_subagent({
    name = "researcher",
    description = "Searches and summarizes",
    system_prompt = "You are a researcher. Be concise.",
})

bone.on("tool_call", function(event, ctx)
    if event.name == "forbidden" then
        return { block = true, reason = "forbidden is blocked by init.lua" }
    end
end)

bone.on("before_turn", function(event, ctx)
    return { system_prompt_append = "BONE-RULE: answer briefly." }
end)

local seen = {}
bone.on("tool_result", function(event, ctx)
    seen[#seen + 1] = event.name
    ctx.state.set("seen", seen)
end)
