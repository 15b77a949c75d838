package main

import (
	"context"
	"encoding/json"
	"os"
	"os/signal"
	"syscall"

	"github.com/urfave/cli/v2"

	"panto/host"
)

func init() {
	commands = append(commands, &cli.Command{
		Name:      "watch",
		Usage:     "development mode: rebuild and reload an extension folder on every save",
		ArgsUsage: "[DIR]",
		Description: "Checks DIR (default \".\") as panto build does and activates it as panto run DIR does,\n" +
			"then does both again after every save and prints what changed and how long it took.\n" +
			"A save that does not compile is reported and the previous state stays live.\n" +
			"Examples:\n" +
			"  panto watch examples/demo\n" +
			"  panto watch examples/demo --command \"/greet Ada\"\n" +
			"  panto watch ext --tool word_count --input '{\"text\":\"a b\"}' --bundle ext.pkg",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "command", Usage: "run this slash command (\"/name args\") after every reload and print its output"},
			&cli.StringFlag{Name: "tool", Usage: "call this tool after every reload and print its result"},
			&cli.StringFlag{Name: "input", Value: "{}", Usage: "the tool input, a JSON object (with --tool)"},
			&cli.StringFlag{Name: "bundle", Usage: "also write the bundle to this file after every successful build"},
			&cli.BoolFlag{Name: "strict", Usage: "treat build warnings (ABI checks, discovery problems) as errors"},
			&cli.DurationFlag{Name: "timeout", Usage: "stop each evaluation, activation or handler call of a reload that runs longer than this (e.g. 10s); a newer save always stops it"},
			&cli.Int64Flag{Name: "load-budget", Usage: "VM ticks each evaluation and activation may use (0: the default, 200000000; -1: no limit)"},
		},
		Action: watchAction,
	})
}

func watchAction(c *cli.Context) error {
	if c.NArg() > 1 {
		return userError("watch: give at most one folder (panto watch [DIR] [--command \"/name args\"] [--tool NAME --input JSON] [--bundle out.pkg])")
	}
	dir := "."
	if c.NArg() == 1 {
		dir = c.Args().First()
	}
	// Flag mistakes are reported now, once, rather than after every reload.
	if line := c.String("command"); line != "" {
		if _, _, ok := host.ParseSlash(line); !ok {
			return userError("watch: --command %q: not a slash command (it must start with '/' and a name)", line)
		}
	}
	if c.IsSet("input") && c.String("tool") == "" {
		return userError("watch: --input goes with --tool")
	}
	var input map[string]any
	if err := json.Unmarshal([]byte(c.String("input")), &input); err != nil || input == nil {
		return userError("watch: --input: not a JSON object: %s", c.String("input"))
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := watch(ctx, watchOptions{
		Dir:        dir,
		Stdout:     c.App.Writer,
		Stderr:     os.Stderr,
		Command:    c.String("command"),
		Tool:       c.String("tool"),
		Input:      c.String("input"),
		Bundle:     c.String("bundle"),
		Strict:     c.Bool("strict"),
		Timeout:    c.Duration("timeout"),
		LoadBudget: c.Int64("load-budget"),
	})
	if err != nil {
		return userError("watch: %v", err)
	}
	return nil
}
