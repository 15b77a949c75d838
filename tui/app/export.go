package app

import "strings"

// cmdExport is /export [file]: the session as an HTML page, or markdown
// for a name ending in .md, written to the file or to
// panto-session-<id>.html in the project folder (agent.Session.Export).
func (a *App) cmdExport(args string) {
	p, err := a.s.Export(unquote(strings.TrimSpace(args)))
	if a.fail(err) {
		return
	}
	a.scr.Print(paint(a.th, "muted", "exported the session to "+p))
}

// unquote drops one pair of quotes around a file name, as a shell
// would: `/export "my notes.md"` names my notes.md.
func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}
