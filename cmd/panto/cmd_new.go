package main

import (
	"fmt"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"panto/devkit/scaffold"
)

func init() {
	commands = append(commands, &cli.Command{
		Name:      "new",
		Usage:     "scaffold an extension layer: a working example of each kind asked for, with tests",
		ArgsUsage: "DIR",
		Description: "Writes a new layer folder: the examples asked for (a tool named after the folder when\n" +
			"none is), a test of each, config.toml, a README, and the LuaLS stubs with .luarc.json.\n" +
			"It builds and its tests pass as written. DIR must not exist or be empty.\n" +
			"Examples:\n" +
			"  panto new myext --tool greet --command hello\n" +
			"  panto new myprovider --provider mymodel",
		Flags: []cli.Flag{
			&cli.StringSliceFlag{Name: "tool", Usage: "a tool named `NAME` (tools/NAME.lua); repeatable"},
			&cli.StringSliceFlag{Name: "command", Usage: "a slash command /`NAME` (extensions/NAME.lua); repeatable"},
			&cli.StringSliceFlag{Name: "provider", Usage: "a provider protocol `NAME`, routed in config.toml; repeatable"},
			&cli.StringSliceFlag{Name: "component", Usage: "a component `NAME` drawn under tool blocks; repeatable"},
		},
		Action: newAction,
	})
}

func newAction(c *cli.Context) error {
	if c.NArg() != 1 {
		return userError("new: give the folder to create (panto new DIR [--tool NAME] [--command NAME] [--provider NAME] [--component NAME])")
	}
	dir := c.Args().First()
	files, err := scaffold.New(scaffold.Options{
		Dir: dir, Tools: c.StringSlice("tool"), Commands: c.StringSlice("command"),
		Providers: c.StringSlice("provider"), Components: c.StringSlice("component"),
	})
	if err != nil {
		return userError("new: %v", shortPathErr(err))
	}
	out := c.App.Writer
	for _, f := range files {
		fmt.Fprintln(out, "  "+filepath.Join(dir, f))
	}
	fmt.Fprintf(out, "created %s. Next:\n  panto test %s\n  panto run %s --list\n  panto build %s -o %s.pkg\n", dir, dir, dir, dir, filepath.Base(filepath.Clean(dir)))
	return nil
}
