package permission

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
)

var subcommandOnce struct {
	sync.Once
	v *regexp.Regexp
}

// subcommand is a second word that names what a command does (git
// status, go test), worth keeping in a suggested pattern.
func subcommand() *regexp.Regexp {
	subcommandOnce.Do(func() { subcommandOnce.v = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`) })
	return subcommandOnce.v
}

// suggest is a rule that would allow the call: for one simple command its
// program and subcommand followed by * ("git status*"), for a compound
// command the exact line; for a path the folder it is in (below the
// project root when inside it, else absolute or below ~); the tool alone
// when it has no subject.
func (p *Policy) suggest(c Call, s subject) string {
	switch {
	case s.hasCmd:
		if s.command == "" {
			return c.Tool
		}
		if len(s.parts) == 1 && !s.substCmd {
			words := strings.Fields(s.parts[0])
			pat := words[0]
			if len(words) > 1 && subcommand().MatchString(words[1]) {
				pat += " " + words[1]
			}
			if pat != s.parts[0] {
				pat += "*"
			}
			return c.Tool + "(" + pat + ")"
		}
		return c.Tool + "(" + s.command + ")"
	case s.hasPath:
		dir := s.path.real
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			dir = filepath.Dir(dir)
		}
		if within(dir, p.root, p.fold) {
			rel, err := filepath.Rel(p.root, dir)
			if err != nil || rel == "." {
				return c.Tool + "(**)"
			}
			return c.Tool + "(" + filepath.ToSlash(rel) + "/**)"
		}
		if p.home != "" {
			if home := realPath(filepath.Clean(p.home)); within(dir, home, p.fold) && dir != home {
				rel, _ := filepath.Rel(home, dir)
				return c.Tool + "(~/" + filepath.ToSlash(rel) + "/**)"
			}
		}
		return c.Tool + "(" + filepath.ToSlash(strings.TrimSuffix(dir, string(filepath.Separator))) + "/**)"
	}
	return c.Tool
}

// HintFor says how a headless run would allow a call it could not ask
// about: the rule that asked, the mode that denied, or a rule and the
// flag that adds it, naming file as the configuration file the rule may
// be added to. There is no default file name: each caller names the
// user's real config, so that no message sends them to a bare
// config.toml.
func (v Verdict) HintFor(file string) string {
	switch {
	case v.Decision == Allow:
		return ""
	case v.By == "rule" && v.Decision == Ask:
		return fmt.Sprintf("the ask rule %s (%s) holds in every mode but yolo; remove it, or answer in the terminal UI", v.Rule, v.Source)
	case v.By == "rule":
		return fmt.Sprintf("the deny rule %s (%s) decides; remove it to allow the call", v.Rule, v.Source)
	case v.By == "mode" && v.Decision == Deny:
		return "plan mode denies it; run with --permission-mode default (or accept-edits) to allow changes"
	case v.Suggest != "":
		h := fmt.Sprintf("to allow it, run with --allow '%s' or add %q to [permissions] allow in %s", v.Suggest, v.Suggest, file)
		if v.Mode == Default && v.Inside && strings.HasPrefix(v.Reason, "default mode asks before writing") {
			h += ", or use --permission-mode accept-edits"
		}
		return h
	}
	return "a " + v.By + " decided it"
}
