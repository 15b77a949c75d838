bone.register_subagent({
    name = "researcher",
    description = "Searches the web and summarizes findings",
    system_prompt = "You are a researcher. Be concise.",
    provider = "openai",        -- optional, inherits parent
    model = "gpt-4o",           -- optional, inherits parent
    approval = "auto",          -- optional: auto | approve | reject
})
