// Command panto is the one binary of the panto toolchain: the Lua
// interpreter (panto lua), the bundle compiler (build, verify, inspect,
// keygen) and the extension host (run, watch).
//
// Each command lives in its own file and registers itself in commands from
// an init function, so the files do not step on each other.
package main

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"

	"panto/internal/childproc"
	"panto/internal/gcpace"
	"panto/internal/luacli"
	// Maps in the heap's first pages and turns fault-around off from an
	// early init; ReleaseExecutable gives back the executable's pages.
	"panto/internal/prefault"
	luart "panto/runtime"
)

// version is the toolchain version, recorded in bundles as the compiler
// version.
const version = "0.1.0"

// commands is filled by the cmd_*.go files.
var commands []*cli.Command

func main() {
	// A start as the process helper (the parent of a tool's command,
	// which ends it with panto) is not a command line: it runs the
	// helper and exits.
	childproc.RunHelperIfAsked()
	childproc.UseHelper(childproc.Self())
	args := os.Args
	// `panto lua` takes the reference interpreter's options verbatim,
	// including "-e" and everything after the script name.
	// Started through a link named lua, panto is that command, so a
	// script re-launching its interpreter through arg[-1] reaches it.
	asLua := luaLinkName(args[0])
	luaRun := asLua || len(args) > 1 && args[1] == "lua"
	tuneGC(luaRun)
	if luaRun {
		stop := startCPUProfile()
		o := luacli.Options{
			Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Progname: "panto", UsageName: "panto lua",
			IsTTY: isTerminal(os.Stdin), Signals: true,
		}
		argv := args
		if asLua {
			// lua.c names itself by its argv[0] in messages and usage
			// (a script can match it against arg[-1]).
			o.Progname, o.UsageName = args[0], args[0]
		} else {
			argv = append([]string{luaRelaunchPath(args[0])}, args[2:]...)
		}
		tail := &lineTail{w: os.Stdout}
		lines := newTermLines(os.Stdin, os.Stdout, tail)
		if lines != nil {
			o.Lines, o.Stdout = lines, tail
		}
		code := luacli.Main(argv, o)
		if lines != nil {
			lines.Close()
		}
		stop()
		os.Exit(code)
	}
	os.Exit(run(args))
}

func run(args []string) int {
	app := &cli.App{
		Name:  "panto",
		Usage: "a terminal coding agent whose tools, commands, providers and UI are Lua extensions",
		UsageText: "panto [--model PROVIDER:ALIAS] [--continue | --session ID|PATH]   (the interactive session, in a project)\n" +
			"panto -p TEXT|- [--mode json] [session flags]                    (one headless turn of the same session)\n" +
			"panto --mode rpc [session flags]                                 (JSON Lines commands on stdin, docs/rpc.md)\n" +
			"panto COMMAND [options]                                          (see the commands below; panto help COMMAND)",
		Version: version + linkedVersion(),
		Commands: append([]*cli.Command{{
			Name:            "lua",
			Usage:           "run Lua like the reference lua command: panto lua [-e stat] [-l mod] [-v] [-] [script [args]]",
			SkipFlagParsing: true,
		}}, commands...),
		HideHelpCommand: true,
		ExitErrHandler:  func(*cli.Context, error) {},
		Flags:           rootFlags,
		Action:          rootAction,
	}
	polish(app)
	if err := app.Run(reorderArgs(app, args)); err != nil {
		var ec cli.ExitCoder
		if errors.As(err, &ec) {
			if msg := err.Error(); msg != "" {
				fmt.Fprintln(os.Stderr, "panto: "+msg)
			}
			return ec.ExitCode()
		}
		fmt.Fprintln(os.Stderr, "panto: "+err.Error())
		return 1
	}
	return 0
}

// userError is an error to print as "panto: <what>: <why>" with exit 1.
func userError(format string, a ...any) error {
	return cli.Exit(fmt.Sprintf(format, a...), 1)
}

// reorderArgs moves a command's flags in front of its positional arguments:
// urfave/cli stops parsing flags at the first positional argument, but the
// contract is that `panto build ext -o out.pkg` works like
// `panto build -o out.pkg ext`. A "--" ends flag handling as usual.
func reorderArgs(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	var cmd *cli.Command
	for _, c := range app.Commands {
		if c.Name == args[1] || contains(c.Aliases, args[1]) {
			cmd = c
		}
	}
	if cmd == nil || cmd.SkipFlagParsing {
		return args
	}
	// A command with subcommands (panto extension update): reorder the
	// subcommand's arguments instead.
	if len(cmd.Subcommands) > 0 && len(args) > 2 {
		for _, sub := range cmd.Subcommands {
			if sub.Name == args[2] {
				inner := reorderArgs(&cli.App{Commands: cmd.Subcommands}, append([]string{args[0]}, args[2:]...))
				return append([]string{args[0], args[1]}, inner[1:]...)
			}
		}
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	var flags, positional []string
	rest := args[2:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if a == "--" {
			positional = append(positional, rest[i+1:]...)
			break
		}
		if len(a) > 1 && a[0] == '-' {
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if strings.Contains(name, "=") {
				continue
			}
			if takesValue[name] && i+1 < len(rest) {
				i++
				flags = append(flags, rest[i])
			} else if takesValue[name] {
				// The last argument, without its value: left last, so
				// that the flag parser says it needs one instead of
				// taking the "--" below as the value.
				return append([]string{args[0], args[1]}, flags...)
			}
			continue
		}
		positional = append(positional, a)
	}
	out := append([]string{args[0], args[1]}, flags...)
	if len(positional) > 0 {
		out = append(out, "--")
		out = append(out, positional...)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// tuneGC paces the collector for Lua workloads unless the user set GOGC
// (internal/gcpace): up to GOGC=400 while the live heap is small, since
// Lua programs allocate small, short-lived objects at a high rate and
// with Go's default the collector costs more than the program
// (closures-heavy code ran 1.7x faster in bench/ with 400), as much of it
// as the allocation rate asks for, and less as the live heap grows, where
// 400 would let the process hold five times its heap for no speed
// (docs/benchmarks.md, "Memory: the collector's pace" and the passes
// after it).
func tuneGC(luaRun bool) {
	// Once the heap grows, the pages of the executable that start-up
	// touched are given back (prefault.ReleaseExecutable): a few MB of peak RSS for
	// a run that holds much, about 2 ms that a short run need not pay.
	// `panto lua` gives them back at its first collection (4 MB
	// allocated): its program needs little of what package
	// initialisation mapped, and the 13 MB of file pages were most of the
	// peak of a small program (luaunit's tests 25 -> 19 MB, ldoc 36 -> 29;
	// docs/benchmarks.md, "Start-up and the RSS floor").
	releaseAt := uint64(8 << 20)
	if luaRun {
		releaseAt = 0
	}
	gcpace.WhenLarge(releaseAt, func() { prefault.ReleaseExecutable() })
	gcpace.Start()
	// Near the machine's or the process's memory ceiling Go collects
	// harder, whatever GOGC says, so garbage does not take the process
	// past it; each Lua state's own limit (a quarter of the ceiling by
	// default) turns what is really live into "not enough memory".
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(luart.MemoryCeiling() / 4 * 3)
	}
}
