package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"
)

// completionCommand prints a completion script for bash, zsh or fish,
// generated from the registered commands and their flags, so it never
// falls behind them.
func completionCommand(app *cli.App) *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script (bash, zsh or fish)",
		ArgsUsage: "bash|zsh|fish",
		Description: "Examples:\n" +
			"  source <(panto completion bash)            # in ~/.bashrc\n" +
			"  panto completion zsh > \"${fpath[1]}/_panto\" # then restart zsh\n" +
			"  panto completion fish > ~/.config/fish/completions/panto.fish",
		Action: func(c *cli.Context) error {
			var s string
			switch c.Args().First() {
			case "bash":
				s = bashCompletion(app)
			case "zsh":
				s = zshCompletion(app)
			case "fish":
				s = fishCompletion(app)
			default:
				return userError("completion: give the shell: bash, zsh or fish")
			}
			fmt.Fprint(c.App.Writer, s)
			return nil
		},
	}
}

// completable lists the commands in name order, panto lua included.
func completable(app *cli.App) []*cli.Command {
	var out []*cli.Command
	for _, c := range app.Commands {
		if !c.Hidden {
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// allFlags are a command's flags and, for a command with subcommands
// (extension), the subcommands' flags: completion offers them all.
func allFlags(c *cli.Command) []cli.Flag {
	flags := append([]cli.Flag(nil), c.Flags...)
	for _, s := range c.Subcommands {
		flags = append(flags, s.Flags...)
	}
	return flags
}

// subcommandNames are what may follow the command.
func subcommandNames(c *cli.Command) []string {
	var out []string
	for _, s := range c.Subcommands {
		if s.Name != "help" {
			out = append(out, s.Name)
		}
	}
	return out
}

func flagWords(f cli.Flag) []string {
	var out []string
	for _, n := range f.Names() {
		if len(n) == 1 {
			out = append(out, "-"+n)
		} else {
			out = append(out, "--"+n)
		}
	}
	return out
}

func takesValue(f cli.Flag) bool {
	_, isBool := f.(*cli.BoolFlag)
	return !isBool
}

func usageOf(f cli.Flag) string {
	if u, ok := f.(interface{ GetUsage() string }); ok {
		return u.GetUsage()
	}
	return ""
}

func bashCompletion(app *cli.App) string {
	var b strings.Builder
	var names []string
	for _, c := range completable(app) {
		names = append(names, c.Name)
	}
	b.WriteString("# bash completion for panto: source <(panto completion bash)\n")
	b.WriteString("_panto() {\n  local cur=\"${COMP_WORDS[COMP_CWORD]}\" flags=\"\"\n")
	fmt.Fprintf(&b, "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n    COMPREPLY=( $(compgen -W %q -- \"$cur\") )\n    return\n  fi\n", strings.Join(names, " "))
	b.WriteString("  case \"${COMP_WORDS[1]}\" in\n")
	for _, c := range completable(app) {
		fl := subcommandNames(c)
		for _, f := range allFlags(c) {
			fl = append(fl, flagWords(f)...)
		}
		if c.Name == "help" {
			fl = names
		}
		if c.Name == "completion" {
			fl = []string{"bash", "zsh", "fish"}
		}
		fmt.Fprintf(&b, "    %s) flags=%q ;;\n", c.Name, strings.Join(fl, " "))
	}
	b.WriteString("  esac\n")
	b.WriteString("  if [[ \"$cur\" == -* || \"${COMP_WORDS[1]}\" == help || \"${COMP_WORDS[1]}\" == completion || \"${COMP_WORDS[1]}\" == extension ]]; then\n")
	b.WriteString("    COMPREPLY=( $(compgen -W \"$flags\" -- \"$cur\") )\n  else\n    COMPREPLY=( $(compgen -f -- \"$cur\") )\n  fi\n}\n")
	b.WriteString("complete -o filenames -F _panto panto\n")
	return b.String()
}

// zshQuote escapes a description for an _arguments spec or _describe.
func zshQuote(s string) string {
	r := strings.NewReplacer("'", "'\\''", "[", "\\[", "]", "\\]", ":", "\\:")
	return r.Replace(firstTextLine(s))
}

func firstTextLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

func zshCompletion(app *cli.App) string {
	var b strings.Builder
	b.WriteString("#compdef panto\n# zsh completion for panto: panto completion zsh > \"${fpath[1]}/_panto\"\n")
	b.WriteString("_panto() {\n  local -a cmds\n  cmds=(\n")
	for _, c := range completable(app) {
		fmt.Fprintf(&b, "    '%s:%s'\n", c.Name, zshQuote(c.Usage))
	}
	b.WriteString("  )\n  if (( CURRENT == 2 )); then\n    _describe 'command' cmds\n    return\n  fi\n")
	b.WriteString("  case $words[2] in\n")
	for _, c := range completable(app) {
		var specs []string
		if subs := subcommandNames(c); len(subs) > 0 {
			specs = append(specs, "'1:subcommand:("+strings.Join(subs, " ")+")'")
		}
		for _, f := range allFlags(c) {
			for _, w := range flagWords(f) {
				spec := "'" + w + "[" + zshQuote(usageOf(f)) + "]"
				if takesValue(f) {
					spec += ":value:_files"
				}
				specs = append(specs, spec+"'")
			}
		}
		switch c.Name {
		case "help":
			specs = append(specs, "'1:command:(("+strings.Join(func() []string {
				var n []string
				for _, x := range completable(app) {
					n = append(n, x.Name)
				}
				return n
			}(), " ")+"))'")
		case "completion":
			specs = append(specs, "'1:shell:(bash zsh fish)'")
		default:
			if len(c.Subcommands) == 0 {
				specs = append(specs, "'*:file:_files'")
			}
		}
		fmt.Fprintf(&b, "    %s) _arguments -s \\\n      %s ;;\n", c.Name, strings.Join(specs, " \\\n      "))
	}
	b.WriteString("  esac\n}\n")
	b.WriteString("if [[ \"$funcstack[1]\" == _panto ]]; then _panto \"$@\"; else compdef _panto panto; fi\n")
	return b.String()
}

func fishQuote(s string) string {
	return "'" + strings.ReplaceAll(strings.ReplaceAll(firstTextLine(s), "\\", "\\\\"), "'", "\\'") + "'"
}

func fishCompletion(app *cli.App) string {
	var b strings.Builder
	b.WriteString("# fish completion for panto: panto completion fish > ~/.config/fish/completions/panto.fish\n")
	b.WriteString("complete -c panto -f\n")
	for _, c := range completable(app) {
		fmt.Fprintf(&b, "complete -c panto -n __fish_use_subcommand -a %s -d %s\n", c.Name, fishQuote(c.Usage))
	}
	for _, c := range completable(app) {
		cond := "'__fish_seen_subcommand_from " + c.Name + "'"
		if subs := subcommandNames(c); len(subs) > 0 {
			fmt.Fprintf(&b, "complete -c panto -n %s -a '%s'\n", cond, strings.Join(subs, " "))
		}
		for _, f := range allFlags(c) {
			var parts []string
			for _, n := range f.Names() {
				if len(n) == 1 {
					parts = append(parts, "-s "+n)
				} else {
					parts = append(parts, "-l "+n)
				}
			}
			req := ""
			if takesValue(f) {
				req = " -r -F"
			}
			fmt.Fprintf(&b, "complete -c panto -n %s %s%s -d %s\n", cond, strings.Join(parts, " "), req, fishQuote(usageOf(f)))
		}
		switch c.Name {
		case "completion":
			fmt.Fprintf(&b, "complete -c panto -n %s -a 'bash zsh fish'\n", cond)
		case "help":
		default:
			fmt.Fprintf(&b, "complete -c panto -n %s -F\n", cond)
		}
	}
	return b.String()
}
