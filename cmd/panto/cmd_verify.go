package main

import (
	"context"
	"crypto/ed25519"
	"fmt"

	"github.com/urfave/cli/v2"

	"panto/bundle"
	"panto/extension/discover"
	"panto/host"
	"panto/stdext"
)

func init() {
	commands = append(commands, &cli.Command{
		Name:      "verify",
		Usage:     "check a bundle as the host does before running it; exit 0 when valid, 1 with the reason when not",
		ArgsUsage: "BUNDLE",
		Description: "Checks the magic and format version, the length, every blob's SHA-256 and the bundle's,\n" +
			"the signature (required, and by that key, with --trust), ABI compatibility with this panto,\n" +
			"and the bytecode of every chunk.\n" +
			"Examples:\n" +
			"  panto verify demo.pkg\n" +
			"  panto verify demo.pkg --trust release.pub\n" +
			"  panto verify demo.pkg --check",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "trust", Usage: "require a signature by this public key file (from panto keygen)"},
			&cli.BoolFlag{Name: "check", Usage: "also load the bundle as a session would (evaluate and activate every entry, no session) and report what fails"},
		},
		Action: verifyAction,
	})
}

func verifyAction(c *cli.Context) error {
	if c.NArg() != 1 {
		return userError("verify: give one bundle (panto verify BUNDLE [--trust PUBKEYFILE])")
	}
	path := c.Args().First()
	trust, err := trustFlag(c, "verify")
	if err != nil {
		return err
	}
	b, err := bundle.Open(path, bundle.Options{Trust: trust, CheckDebug: true})
	if err != nil {
		return userError("verify: %s: %v", path, err)
	}
	signed := "unsigned"
	if b.Signer != nil {
		signed = "signed by " + bundle.Fingerprint(b.Signer)
		if trust != nil {
			signed += " (trusted)"
		}
	}
	if c.Bool("check") {
		setup, _, err := host.OpenBundle(path, bundle.Options{Trust: trust}, discover.Options{})
		if err != nil {
			return userError("verify: %s: %v", path, err)
		}
		setup.AddBase(stdext.FS(), "")
		ds := host.Check(context.Background(), setup, 0)
		printDiagnostics(c.App.ErrWriter, "verify", ds)
		if n := ds.Errors(); n > 0 {
			return userError("verify: %s: intact, but %d %s failed to load", path, n, countNoun(n, "entry", "entries"))
		}
		if len(ds) > 0 {
			signed += ", every entry loads as far as the check could run it"
		} else {
			signed += ", every entry loads"
		}
	}
	fmt.Fprintf(c.App.Writer, "%s: valid: %s %s, ABI %s, %d %s, %d %s, %s, sha256 %s\n",
		path, b.Name, b.Version, b.ABI,
		len(b.Entries), countNoun(len(b.Entries), "entry", "entries"),
		len(b.Blobs), countNoun(len(b.Blobs), "blob", "blobs"),
		signed, b.DigestHex())
	return nil
}

// trustFlag reads the --trust public key file, if given.
func trustFlag(c *cli.Context, what string) (ed25519.PublicKey, error) {
	f := c.String("trust")
	if f == "" {
		return nil, nil
	}
	key, err := bundle.ReadPublicKeyFile(f)
	if err != nil {
		return nil, userError("%s: --trust %s: %v", what, f, err)
	}
	return key, nil
}
