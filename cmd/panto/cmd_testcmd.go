package main

import (
	"context"
	"os"
	"os/signal"
	"regexp"

	"github.com/urfave/cli/v2"

	"panto/devkit/luatest"
)

// The command is `panto test`; this file is not named cmd_test.go, which
// Go would take for a test file.

func init() {
	commands = append(commands, &cli.Command{
		Name:      "test",
		Usage:     "run the Lua tests of an extension layer (*_test.lua files and tests/)",
		ArgsUsage: "[DIR]",
		Description: "Each test file runs in a session of its own over the layer (default \".\") and the\n" +
			"standard tools, with a scripted model. Tests use require(\"panto.test\"): call a tool,\n" +
			"run a slash command, fire an event, render a block, run a whole model turn, and assert.\n" +
			"Exit 1 when a test fails. docs/testing.md describes the API.\n" +
			"Examples:\n" +
			"  panto test myext\n" +
			"  panto test myext --run greet -v\n" +
			"  panto test --json",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "run", Usage: "run only the tests whose name (or FILE/NAME) matches this regular expression"},
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object per event, as go test -json does"},
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "show every test and what it printed"},
		},
		Action: testAction,
	})
}

func testAction(c *cli.Context) error {
	if c.NArg() > 1 {
		return userError("test: give at most one layer folder (panto test [DIR])")
	}
	dir := "."
	if c.NArg() == 1 {
		dir = c.Args().First()
	}
	var run *regexp.Regexp
	if p := c.String("run"); p != "" {
		re, err := regexp.Compile(p)
		if err != nil {
			return userError("test: --run %q: %v", p, err)
		}
		run = re
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	sum, err := luatest.Run(ctx, luatest.Options{Dir: dir, Run: run, JSON: c.Bool("json"), Verbose: c.Bool("verbose"), Out: c.App.Writer})
	if err != nil {
		return userError("test: %v", shortPathErr(err))
	}
	if sum.Failed > 0 {
		return cli.Exit("", 1)
	}
	return nil
}
