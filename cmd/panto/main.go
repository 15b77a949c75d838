// Command panto is the one binary of the panto toolchain: the Lua
// interpreter (panto lua), the bundle compiler and the extension host.
package main

import (
	"os"

	"panto/internal/luacli"
)

func main() {
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "lua" {
		os.Exit(luacli.Main(append([]string{"lua"}, args[1:]...), luacli.Options{
			Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Progname: "panto",
			IsTTY: isTerminal(os.Stdin),
		}))
	}
	os.Exit(run(args))
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

func run(args []string) int { return 2 }
