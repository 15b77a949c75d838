-- A bone user's ~/.bone-rust/init.lua that keeps its tools in a plugin,
-- as bone's users do: the plugin is loaded, a sub-agent is registered
-- for the plugin's tool to dispatch to, and a hook adds to every prompt.
bone.plugin.load("projinfo")

bone.register_subagent({
    name = "summarizer",
    description = "Summarizes text in one line",
    system_prompt = "You summarize in one line.",
    approval = "reject",
})

bone.on("before_turn", function(event, ctx)
    local names = {}
    for name, info in pairs(bone.plugin.list()) do
        if info.has_init then names[#names + 1] = name end
    end
    table.sort(names)
    return { system_prompt_append = "Plugins loaded: " .. table.concat(names, ", ") }
end)
