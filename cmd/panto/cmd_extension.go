package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"panto/devkit/rocks"
	"panto/extension/discover"
	"panto/stdext"
)

func init() {
	commands = append(commands, &cli.Command{
		Name:  "extension",
		Usage: "manage what extensions need: panto extension update installs [extensions] rocks",
		Subcommands: []*cli.Command{{
			Name:      "update",
			Usage:     "install the pure-Lua rocks that [extensions] rocks names into the rocks tree",
			ArgsUsage: "[DIR]",
			Description: "Reads [extensions] rocks from the layers of this project (user, project, local), or\n" +
				"from the layer folder DIR, and installs each rock into <data home>/rocks/lua-5.4.7 from\n" +
				"the sources given: a binary pure-Lua rock (NAME-VERSION.all.rock), a source rock\n" +
				"(NAME-VERSION.src.rock), or a folder with a rockspec; or from a rocks server (--server).\n" +
				"C rocks are refused: panto's Lua engine is pure Go and cannot load native code.\n" +
				"Examples:\n" +
				"  panto extension update --from vendor/inspect-3.1.3-0.src.rock\n" +
				"  panto extension update myext --from ../penlight\n" +
				"  panto extension update --server http://127.0.0.1:8080/rocks",
			Flags: []cli.Flag{
				&cli.StringSliceFlag{Name: "from", Usage: "a .rock or .src.rock file, or a folder with a rockspec; repeatable"},
				&cli.StringFlag{Name: "server", Usage: "a rocks server `URL` for the rocks no --from source provides"},
			},
			Action: extensionUpdateAction,
		}},
	})
}

func extensionUpdateAction(c *cli.Context) error {
	if c.NArg() > 1 {
		return userError("extension update: give at most one layer folder")
	}
	var setup *discover.Setup
	var err error
	if c.NArg() == 1 {
		setup, err = discover.Folder(c.Args().First(), discover.Options{})
	} else {
		setup, err = discover.Standard(discover.Options{Base: stdext.FS()})
	}
	if err != nil {
		return userError("extension update: %v", shortPathErr(err))
	}
	seen := map[string]bool{}
	var want []string
	for _, l := range setup.Layers {
		if l.Config == nil {
			continue
		}
		for _, r := range l.Config.Extensions.Rocks {
			if !seen[r] {
				seen[r] = true
				want = append(want, r)
			}
		}
	}
	sort.Strings(want)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := rocks.Install(ctx, rocks.Options{Tree: setup.RocksTree, Sources: c.StringSlice("from"), Want: want, Server: c.String("server")})
	for _, r := range res.Installed {
		fmt.Fprintf(c.App.Writer, "installed %s %s from %s: %s\n", r.Package, r.Version, r.From, strings.Join(r.Modules, ", "))
	}
	for _, m := range res.Kept {
		fmt.Fprintf(c.App.Writer, "%s: installed already (give --from or --server to update it)\n", m)
	}
	if err != nil {
		return userError("extension update: %v", shortPathErr(err))
	}
	fmt.Fprintf(c.App.Writer, "rocks tree: %s\n", setup.Display(setup.RocksTree))
	return nil
}
