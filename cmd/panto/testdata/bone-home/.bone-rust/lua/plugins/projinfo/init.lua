-- ~/.bone-rust/lua/plugins/projinfo/init.lua: project tools, a command
-- and hooks, with a helper module of the plugin's own.
local fmt = require("format")

bone.register_tool({
    name = "project_files",
    description = "List the files at the top of the project",
    parameters = { type = "object", properties = { dir = { type = "string" } } },
    safety = "read_only",
    display = { template = "Listing {dir}", show_result = true },
    execute = function(params, ctx)
        local names = {}
        for _, e in ipairs(ctx.fs.read_dir(params.dir or ".")) do
            if e.kind == "file" then names[#names + 1] = e.name end
        end
        return fmt.list("files", names)
    end,
})

bone.register_tool({
    name = "summarize",
    description = "Summarize a text with the summarizer sub-agent",
    parameters = { type = "object", properties = { text = { type = "string" } }, required = { "text" } },
    safety = "read_only",
    execute = function(params, ctx)
        local r = ctx.agent.run("Summarize: " .. params.text, { agent = "summarizer", max_tokens = 256 })
        if not r.ok then
            return { content = "summary failed: " .. tostring(r.error) }
        end
        ctx.state.set("last_summary", r.content)
        return "summary: " .. r.content
    end,
})

bone.register_command("lastsummary", {
    description = "Show the last summary the summarize tool made",
    handler = function(args, ctx)
        return { display = "last summary: " .. tostring(ctx.state.get("last_summary")), submit = false }
    end,
})

bone.on("tool_call", function(event, ctx)
    if event.name == "shell" and tostring(event.arguments.command):find("rm ", 1, true) then
        return { block = true, reason = "projinfo: rm is not allowed here" }
    end
end)

bone.on("tool_result", function(event, ctx)
    local n = (ctx.state.get("tool_results") or 0) + 1
    ctx.state.set("tool_results", n)
end)
