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
			"\n" +
			"--target go writes the bundle as a Go package: its chunks transpiled to Go, the bundle embedded.\n" +
			"--binary goes on to build a panto binary (-o FILE) with that package linked in, as xcaddy builds\n" +
			"Caddy with plugins: the binary's sessions have the layer just above the standard tools, below the\n" +
			"user's and the project's layers (and a run's own folder or bundle), its chunks running as native\n" +
			"code; it checks the layer like a bundle file (digests, ABI version, bytecode) when a session starts,\n" +
			"and --version names it. It needs the go command (on PATH; GOOS, GOARCH, GOFLAGS apply) and panto's\n" +
			"source: --panto-src DIR, else $PANTO_SRC, else the clone this panto was built from, else the\n" +
			"module cache (go mod download panto@VERSION, for a panto built as a module version).\n" +
			"The standard tools are native too when that source has stdext/native (make generate).\n" +
			"Examples:\n" +
			"  panto build examples/demo -o demo.pkg\n" +
			"  panto build ext --strict --sign release.key\n" +
			"  panto build ext --target go -o ext/gen\n" +
			"  panto build ext --target go --binary -o mypanto",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "the bundle file to write (default: NAME.pkg); with --target go the package folder, with --binary the binary"},
			&cli.BoolFlag{Name: "strip", Usage: "leave debug information (line numbers, local names) out of the chunks"},
			&cli.BoolFlag{Name: "strict", Usage: "treat warnings (ABI checks, discovery problems) as errors"},
			&cli.StringFlag{Name: "sign", Usage: "sign the bundle with this private key file (from panto keygen)"},
			&cli.StringFlag{Name: "name", Usage: "the bundle name (default: the last folder's name)"},
			&cli.StringFlag{Name: "version", Usage: "the bundle version (default: 0.0.0)"},
			&cli.StringFlag{Name: "target", Value: "bundle", Usage: "bundle, or go: write a Go package (into the -o folder) that runs the bundle's chunks natively"},
			&cli.StringFlag{Name: "package", Value: "layer", Usage: "the Go package name with --target go (without --binary)"},
			&cli.BoolFlag{Name: "binary", Usage: "with --target go: build a panto binary (into -o FILE) with the layer linked in as native code; needs the Go toolchain"},
			&cli.StringFlag{Name: "panto-src", Usage: "with --binary: the panto source folder to build from (default: $PANTO_SRC, the clone this panto was built from, or the module cache)"},
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
	binary := c.Bool("binary")
	src, err := binaryOptions(c, binary)
	if err != nil {
		return err
	}
	if binary {
		target = "go"
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
	if binary {
		return writeBinary(c, goDir, out, res.Data, b.Name+" "+b.Version, src)
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

// writeBinary is --binary: panto's cmd/panto built from src with the
// bundle's Go package linked in (binaryBuild), written to bin.
func writeBinary(c *cli.Context, bin, bundleName string, data []byte, what string, src pantoSource) error {
	bb := &binaryBuild{bundle: data, bundleAs: filepath.Base(bundleName), src: src, out: bin, goCmd: "go", log: c.App.ErrWriter}
	if err := bb.run(); err != nil {
		return userError("build: --binary: %v", err)
	}
	base := "the standard tools interpreted (the source has no stdext/native: make generate)"
	if bb.nativeStd {
		base = "the standard tools native"
	}
	fmt.Fprintf(c.App.Writer, "wrote %s: panto from %s (%s) with %s linked in as native code, %s\n", bin, src.dir, src.how, what, base)
	return nil
}
