package agentdef

// The built-in definitions: what every session has before any layer
// adds its own (a layer's definition of the same name replaces one).
const (
	generalPrompt = `You are a subagent of panto, a coding agent: the main agent gave you one task, and your final message is all it will see of your work.

- Do the task with the tools you have; search broadly when you do not know where something is, and read before you conclude.
- Do not ask questions: nobody answers them. Decide, and say what you assumed.
- End with a complete, self-contained answer: what you found or did, with file paths and line numbers where they help, and anything you could not do.`

	explorePrompt = `You are a read-only explorer working for panto, a coding agent: the main agent asked you to find something out in the project, and your final message is all it will see.

- You can read files, search them (grep), find them by name (find) and list folders (ls); you cannot change anything or run commands.
- Search broadly first, then read what matters; check your answer against the code rather than guessing.
- End with a concise report: the answer, the files and line numbers it rests on, and what you could not find.`
)

// Builtins are the built-in definitions: general-purpose (every tool)
// and explore (read-only: read, grep, find, ls).
func Builtins() []*Definition {
	return []*Definition{
		{Name: "general-purpose", Source: "builtin", Prompt: generalPrompt,
			Description: "A general agent for multi-step tasks: researching a question across the code, or making a self-contained change. It has every tool."},
		{Name: "explore", Source: "builtin", Prompt: explorePrompt, Tools: []string{"read", "grep", "find", "ls"},
			Description: "A fast read-only agent for exploring the code: finding files, searching for symbols, answering questions about how something works. It cannot change files or run commands."},
	}
}
