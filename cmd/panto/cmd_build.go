package main

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/urfave/cli/v2"

	"panto/build"
	"panto/bundle"
	"panto/stdext"
)

func init() {
	commands = append(commands, &cli.Command{
		Name:      "build",
		Usage:     "compile extension layer folders (each holding extensions/ and/or tools/) into a bundle",
		ArgsUsage: "[DIR...]",
		Description: "Compiles every entry and module the host would load from the folders (default \".\"),\n" +
			"carries the other files along as resources, and writes one bundle file.\n" +
			"Later folders take precedence over earlier ones, like the host's layers.\n" +
			"All syntax errors are reported at once; nothing is written when there is one.\n" +
			"The tree is then loaded as a session would load it (evaluated and activated over the\n" +
			"standard tools, with no session): an entry that fails to load is an error, reported\n" +
			"with file:line:col. Mistakes that still load (an unknown field, an override of a\n" +
			"standard tool) are warnings, errors with --strict. Exit 1 on errors.\n" +
			"Examples:\n" +
			"  panto build examples/demo -o demo.pkg\n" +
			"  panto build ext --strict --sign release.key",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "the bundle file to write (default: NAME.pkg)"},
			&cli.BoolFlag{Name: "strip", Usage: "leave debug information (line numbers, local names) out of the chunks"},
			&cli.BoolFlag{Name: "strict", Usage: "treat warnings (ABI checks, discovery problems) as errors"},
			&cli.StringFlag{Name: "sign", Usage: "sign the bundle with this private key file (from panto keygen)"},
			&cli.StringFlag{Name: "name", Usage: "the bundle name (default: the last folder's name)"},
			&cli.StringFlag{Name: "version", Usage: "the bundle version (default: 0.0.0)"},
			&cli.StringFlag{Name: "target", Value: "bundle", Usage: "bundle, or go: write a Go package (into the -o folder) that runs the bundle's chunks natively"},
			&cli.StringFlag{Name: "package", Value: "layer", Usage: "the Go package name with --target go"},
		},
		Action: buildAction,
	})
}

func buildAction(c *cli.Context) error {
	var key ed25519.PrivateKey
	if f := c.String("sign"); f != "" {
		var err error
		if key, err = bundle.ReadPrivateKeyFile(f); err != nil {
			return userError("build: --sign %s: %v", f, err)
		}
	}
	target := c.String("target")
	if target != "bundle" && target != "go" {
		return userError("build: --target %s: want bundle or go", target)
	}
	out := c.String("output")
	if target == "go" && out == "" {
		return userError("build: --target go needs -o FOLDER, where the Go package is written")
	}
	goDir := ""
	if target == "go" {
		goDir = out
		out = ""
	}
	if out == "" {
		name := c.String("name")
		if name == "" {
			name = build.DefaultName(c.Args().Slice())
		}
		out = name + ".pkg"
	}
	res, err := build.Build(build.Options{
		Dirs:     c.Args().Slice(),
		Output:   out,
		Name:     c.String("name"),
		Version:  c.String("version"),
		Strip:    c.Bool("strip"),
		Strict:   c.Bool("strict"),
		SignKey:  key,
		Compiler: "panto " + version,
		Base:     stdext.FS(),
		Check:    checkTree(context.Background()),
	})
	if err != nil {
		if be, ok := err.(*build.BuildError); ok {
			for _, d := range be.Diagnostics {
				fmt.Fprintln(os.Stderr, "panto: build: "+d.String())
			}
			n := be.Errors()
			return userError("build: %d %s; no bundle written", n, countNoun(n, "error", "errors"))
		}
		return userError("build: %v", err)
	}
	for _, d := range res.Warnings {
		fmt.Fprintln(os.Stderr, "panto: build: "+d.String())
	}
	b, err := bundle.ReadManifest(res.Data)
	if err != nil { // a writer bug: refuse to write what cannot be read
		return userError("build: internal error: the bundle does not read back: %v", err)
	}
	if goDir != "" {
		return writeGoTarget(c, goDir, out, res.Data, b.Name)
	}
	if err := build.WriteFile(out, res.Data); err != nil {
		return userError("build: %s: %v", out, err)
	}
	signed := "unsigned"
	if b.Signer != nil {
		signed = "signed by " + bundle.Fingerprint(b.Signer)
	}
	fmt.Fprintf(c.App.Writer, "wrote %s: %s %s, %d %s, %d %s, %d %s, %d bytes, %s, sha256 %s\n",
		out, b.Name, b.Version,
		res.Entries, countNoun(res.Entries, "entry", "entries"),
		res.Modules, countNoun(res.Modules, "chunk", "chunks"),
		res.Resources, countNoun(res.Resources, "resource", "resources"),
		len(res.Data), signed, b.DigestHex())
	return nil
}

func countNoun(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// writeGoTarget writes the Go package of --target go: one file per chunk
// and the bundle it implements, embedded (build.GoPackage).
func writeGoTarget(c *cli.Context, dir, bundleName string, data []byte, name string) error {
	files, err := build.GoPackage(data, c.String("package"), filepath.Base(bundleName))
	if err != nil {
		return userError("build: --target go: %v", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return userError("build: %v", err)
	}
	names := make([]string, 0, len(files))
	for f := range files {
		names = append(names, f)
	}
	sort.Strings(names)
	for _, f := range names {
		if err := build.WriteFile(filepath.Join(dir, f), files[f]); err != nil {
			return userError("build: %s: %v", f, err)
		}
	}
	fmt.Fprintf(c.App.Writer, "wrote %s: Go package %s for %s, %d files\n", dir, c.String("package"), name, len(names))
	return nil
}
