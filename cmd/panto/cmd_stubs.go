package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"panto/extension/abi"
	"panto/stdext"
)

// stubsDir is where `panto stubs` puts the definition files inside a
// layer folder: a dot folder, so discovery never takes it for entries
// and a bundle never carries it as a resource.
const stubsDir = ".luals"

// luarc is the .luarc.json `panto stubs` writes when a layer has none:
// Lua 5.4, the stubs as a library, and no global panto (extensions
// require it).
const luarc = `{
  "runtime.version": "Lua 5.4",
  "workspace.library": [".luals"],
  "workspace.checkThirdParty": false,
  "diagnostics.globals": []
}
`

func init() {
	commands = append(commands, &cli.Command{
		Name:      "stubs",
		Usage:     "write LuaLS type definitions of the panto API into a layer folder",
		ArgsUsage: "DIR",
		Description: "Writes DIR/" + stubsDir + "/panto.lua (require(\"panto\"): every function, declaration shape and\n" +
			"event with its fields, generated from the ABI description) and panto-std.lua (require(\"panto.std\")),\n" +
			"and DIR/.luarc.json pointing the Lua language server at them when there is none.\n" +
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
	dir := c.Args().First()
	written, err := writeStubs(dir)
	if err != nil {
		return userError("stubs: %v", err)
	}
	for _, f := range written {
		fmt.Fprintln(c.App.Writer, "wrote "+f)
	}
	return nil
}

// writeStubs writes the stubs into dir (which must exist) and returns
// the files it wrote.
func writeStubs(dir string) ([]string, error) {
	if fi, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("%s: %v", dir, shortPathErr(err))
	} else if !fi.IsDir() {
		return nil, fmt.Errorf("%s is not a folder", dir)
	}
	out := filepath.Join(dir, stubsDir)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, shortPathErr(err)
	}
	files := []struct{ name, text string }{
		{"panto.lua", abi.Get().LuaStubs()},
		{"panto-std.lua", stdext.StdStubs()},
	}
	var written []string
	for _, f := range files {
		p := filepath.Join(out, f.name)
		if err := os.WriteFile(p, []byte(f.text), 0o644); err != nil {
			return written, shortPathErr(err)
		}
		written = append(written, p)
	}
	rc := filepath.Join(dir, ".luarc.json")
	if _, err := os.Stat(rc); os.IsNotExist(err) {
		if err := os.WriteFile(rc, []byte(luarc), 0o644); err != nil {
			return written, shortPathErr(err)
		}
		written = append(written, rc)
	}
	return written, nil
}
