package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"panto/devkit/scaffold"
)

func init() {
	commands = append(commands, &cli.Command{
		Name:      "stubs",
		Usage:     "write LuaLS type definitions of the panto API into a layer folder",
		ArgsUsage: "DIR",
		Description: "Writes DIR/" + scaffold.StubsDir + "/panto.lua (require(\"panto\"): every function, declaration shape and\n" +
			"event with its fields, generated from the ABI description), panto-std.lua (require(\"panto.std\")),\n" +
			"panto-test.lua (require(\"panto.test\")), and DIR/.luarc.json pointing the Lua language server\n" +
			"at them when there is none. DIR is made when it does not exist.\n" +
			"Run it again after upgrading panto.\n" +
			"Example:\n" +
			"  panto stubs myext",
		Action: stubsAction,
	})
}

func stubsAction(c *cli.Context) error {
	if c.NArg() != 1 {
		return userError("stubs: give one layer folder (panto stubs DIR)")
	}
	written, err := scaffold.WriteStubs(c.Args().First())
	if err != nil {
		// The whole error: it names the path that failed.
		return userError("stubs: %v", err)
	}
	for _, f := range written {
		fmt.Fprintln(c.App.Writer, "wrote "+f)
	}
	return nil
}
