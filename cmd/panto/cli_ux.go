package main

import (
	"errors"
	"flag"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/urfave/cli/v2"

	"panto/diag"
)

// The command line's manners: `panto help [COMMAND]`, "did you mean" for
// a mistyped command or flag, and a bad flag reported once, in one line,
// with where to read on, instead of the whole help page.

// polish installs them on the app; run calls it once the commands are
// registered.
func polish(app *cli.App) {
	app.Commands = append(app.Commands, helpCommand(app), completionCommand(app))
	app.Before = func(c *cli.Context) error {
		name := c.Args().First()
		if name == "" || strings.HasPrefix(name, "-") || findCommand(app, name) != nil {
			return nil
		}
		msg := fmt.Sprintf("unknown command %q", name)
		if s := diag.Suggest(name, commandNames(app)); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		return userError("%s (panto help lists the commands)", msg)
	}
	app.OnUsageError = func(c *cli.Context, err error, _ bool) error {
		return usageError(c, nil, err)
	}
	for _, cmd := range app.Commands {
		cmd := cmd
		cmd.HideHelpCommand = true
		cmd.OnUsageError = func(c *cli.Context, err error, _ bool) error {
			return usageError(c, cmd, err)
		}
	}
}

var (
	undefinedFlag = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`flag provided but not defined: -+(\S+)`) })
	missingValue  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`flag needs an argument: -+(\S+)`) })
)

// usageError words a flag mistake: the flag, the closest real one, and
// the help to read, on one line.
func usageError(c *cli.Context, cmd *cli.Command, err error) error {
	if errors.Is(err, flag.ErrHelp) { // -h or --help where the flag set saw it first
		if cmd != nil {
			return cli.ShowCommandHelp(c, cmd.Name)
		}
		return cli.ShowAppHelp(c)
	}
	// Every error is printed after "panto: ", so panto's own flags
	// need no other prefix; a command's name its command.
	where, flags, help := "", c.App.Flags, "panto help"
	if cmd != nil {
		where, flags, help = cmd.Name+": ", cmd.Flags, "panto help "+cmd.Name
	}
	msg := err.Error()
	if m := undefinedFlag().FindStringSubmatch(msg); m != nil {
		name := strings.SplitN(m[1], "=", 2)[0]
		msg = "unknown flag -" + dashes(name) + name
		var names []string
		for _, f := range flags {
			names = append(names, f.Names()...)
		}
		names = append(names, "help")
		if s := diag.Suggest(name, names); s != "" {
			msg += "; did you mean -" + dashes(s) + s + "?"
		}
	}
	if m := missingValue().FindStringSubmatch(msg); m != nil {
		// Go's flag package writes "-prompt" whatever the user typed:
		// name the flag as the help does, and say what it takes.
		msg = "-" + dashes(m[1]) + m[1] + " needs a value"
		for _, f := range flags {
			if d, ok := f.(cli.DocGenerationFlag); ok && contains(f.Names(), m[1]) && d.GetUsage() != "" {
				msg += ": " + d.GetUsage()
				break
			}
		}
	}
	return userError("%s%s (%s shows the flags)", where, msg, help)
}

func dashes(name string) string {
	if len(name) == 1 {
		return ""
	}
	return "-"
}

func findCommand(app *cli.App, name string) *cli.Command {
	for _, c := range app.Commands {
		if c.Name == name || contains(c.Aliases, name) {
			return c
		}
	}
	return nil
}

func commandNames(app *cli.App) []string {
	var names []string
	for _, c := range app.Commands {
		if !c.Hidden {
			names = append(names, c.Name)
		}
	}
	sort.Strings(names)
	return names
}

func helpCommand(app *cli.App) *cli.Command {
	return &cli.Command{
		Name:      "help",
		Usage:     "show the commands, or one command's flags and examples",
		ArgsUsage: "[COMMAND [SUBCOMMAND]]",
		Action: func(c *cli.Context) error {
			name := c.Args().First()
			if name == "" {
				return cli.ShowAppHelp(c)
			}
			cmd := findCommand(app, name)
			if cmd == nil {
				msg := fmt.Sprintf("help: unknown command %q", name)
				if s := diag.Suggest(name, commandNames(app)); s != "" {
					msg += fmt.Sprintf("; did you mean %q?", s)
				}
				return userError("%s", msg)
			}
			if cmd.Name == "lua" {
				fmt.Fprintln(c.App.Writer, "usage: panto lua [options] [script [args]]\n"+
					"Available options are:\n"+
					"  -e stat   execute string 'stat'\n"+
					"  -i        enter interactive mode after executing 'script'\n"+
					"  -l mod    require library 'mod' into global 'mod'\n"+
					"  -l g=mod  require library 'mod' into global 'g'\n"+
					"  -v        show version information\n"+
					"  -E        ignore environment variables\n"+
					"  -W        turn warnings on\n"+
					"  --        stop handling options\n"+
					"  -         stop handling options and execute stdin")
				return nil
			}
			if sub := c.Args().Get(1); sub != "" {
				for _, sc := range cmd.Subcommands {
					if sc.Name == sub {
						sc.HelpName = "panto " + cmd.Name + " " + sc.Name
						cli.HelpPrinter(c.App.Writer, cli.CommandHelpTemplate, sc)
						return nil
					}
				}
				return userError("help: %s has no subcommand %q", cmd.Name, sub)
			}
			if len(cmd.Subcommands) > 0 {
				w := c.App.Writer
				fmt.Fprintf(w, "NAME:\n   panto %s - %s\n\nUSAGE:\n   panto %s SUBCOMMAND [options]\n\nSUBCOMMANDS:\n", cmd.Name, cmd.Usage, cmd.Name)
				for _, sc := range cmd.Subcommands {
					if sc.Name != "help" {
						fmt.Fprintf(w, "   %-10s %s\n", sc.Name, sc.Usage)
					}
				}
				fmt.Fprintf(w, "\npanto help %s SUBCOMMAND shows a subcommand's flags and examples.\n", cmd.Name)
				return nil
			}
			cli.HelpPrinter(c.App.Writer, cli.CommandHelpTemplate, cmd)
			return nil
		},
	}
}
