package agent

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"panto/extension/discover"
)

// basePrompt is what panto tells every model about its job. The tools
// come with their own descriptions in the request; this says how to use
// them well.
const basePrompt = `You are panto, a coding agent working in the user's terminal, in their project, through the tools you are given.

- Read the relevant code before you change it; follow the project's own conventions.
- Keep changes small and to the point of the request; do not rewrite what works.
- After a change, run what the project has to check it (its tests, its build) when a tool lets you.
- When the request is ambiguous and the answer matters, ask instead of guessing.
- For work of three steps or more, keep a task list with the todo tool (when you have it): write the steps first, keep one in progress, mark each completed as soon as it is done.
- Delegate to a subagent with the task tool (when you have it) a broad search or research that would fill your context, or independent pieces of work (several task calls in one message run at the same time); a lookup one read or grep answers is faster done yourself.
- End with a short account of what you did and anything left undone.`

// contextFiles are the names of instruction files read into the system
// prompt, in order of preference within one folder: AGENTS.md is the
// name most agents share; CLAUDE.md is read where there is no AGENTS.md.
var contextFiles = []string{"AGENTS.md", "CLAUDE.md"}

// maxContextFile bounds what one instruction file adds to every request.
const maxContextFile = 64 << 10

// DefaultSystemPrompt is the session agent's system prompt when none is
// configured: the base instructions, the environment (working folder,
// platform, date) and the user's and the project's instruction files —
// AGENTS.md (or CLAUDE.md) in the user's configuration folder, then in
// every folder from the file system's root down to the working folder,
// so the nearest, most specific ones come last. It is computed when a
// session starts or switches (/new, /resume, /tree, /reload), not per
// request, so the prompt stays one cacheable prefix within a session.
func DefaultSystemPrompt(setup *discover.Setup, now time.Time) string {
	var b strings.Builder
	b.WriteString(basePrompt)
	b.WriteString("\n\n" + environment(setup, now))
	var files []string
	if setup.ConfigHome != "" {
		if f := contextFileIn(setup.ConfigHome); f != "" {
			files = append(files, f)
		}
	}
	files = append(files, projectContextFiles(setup.Cwd)...)
	for i, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		text := string(data)
		if len(text) > maxContextFile {
			text = text[:maxContextFile] + "\n[... cut: the file is longer than 64 KB]"
		}
		if i == 0 {
			b.WriteString("\n\nInstructions from the user and the project follow; later ones are more specific and take precedence.")
		}
		b.WriteString("\n\n<instructions file=\"" + f + "\">\n")
		b.WriteString(strings.TrimSpace(text))
		b.WriteString("\n</instructions>")
	}
	return b.String()
}

// environment tells a model where it works: the working folder, the
// platform and the date (subagents get it too).
func environment(setup *discover.Setup, now time.Time) string {
	return "Working folder: " + setup.Cwd + "\nPlatform: " + runtime.GOOS + "/" + runtime.GOARCH + "\nDate: " + now.Format("2006-01-02")
}

// projectContextFiles are the instruction files of cwd and its
// ancestors, root first.
func projectContextFiles(cwd string) []string {
	var files []string
	for dir := cwd; ; {
		if f := contextFileIn(dir); f != "" {
			files = append(files, f)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	for i, j := 0, len(files)-1; i < j; i, j = i+1, j-1 {
		files[i], files[j] = files[j], files[i]
	}
	return files
}

// contextFileIn is dir's instruction file, "" when it has none.
func contextFileIn(dir string) string {
	for _, name := range contextFiles {
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p
		}
	}
	return ""
}
