package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/urfave/cli/v2"

	"panto/bundle"
)

func init() {
	commands = append(commands, &cli.Command{
		Name:  "keygen",
		Usage: "make an ed25519 key pair for signing bundles: NAME.key (private) and NAME.pub (public)",
		Description: "The files are PEM, as openssl writes them: NAME.key a PKCS #8 PRIVATE KEY (mode 0600),\n" +
			"NAME.pub a PKIX PUBLIC KEY. Sign with `panto build --sign NAME.key`; check with\n" +
			"`panto verify --trust NAME.pub`. Existing files are never overwritten.\n" +
			"Example:\n" +
			"  panto keygen -o release",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Value: "panto", Usage: "the files' name without extension"},
		},
		Action: keygenAction,
	})
}

func keygenAction(c *cli.Context) error {
	if c.NArg() != 0 {
		return userError("keygen: unexpected argument %q (use -o NAME)", c.Args().First())
	}
	name := c.String("output")
	if name == "" {
		return userError("keygen: -o needs a name")
	}
	priv, pub := name+".key", name+".pub"
	for _, f := range []string{priv, pub} {
		if _, err := os.Lstat(f); err == nil {
			return userError("keygen: %s already exists; remove it or choose another name with -o", f)
		}
	}
	pk, sk, err := bundle.GenerateKey()
	if err != nil {
		return userError("keygen: %v", err)
	}
	skData, err := bundle.MarshalPrivateKey(sk)
	if err != nil {
		return userError("keygen: %v", err)
	}
	pkData, err := bundle.MarshalPublicKey(pk)
	if err != nil {
		return userError("keygen: %v", err)
	}
	// O_EXCL: never replace a key that appeared since the check above.
	if err := writeNew(priv, skData, 0o600); err != nil {
		return userError("keygen: %s: %v", priv, err)
	}
	if err := writeNew(pub, pkData, 0o644); err != nil {
		os.Remove(priv)
		return userError("keygen: %s: %v", pub, err)
	}
	fmt.Fprintf(c.App.Writer, "wrote %s (private: keep it secret) and %s (public), key %s\n", priv, pub, bundle.Fingerprint(pk))
	return nil
}

func writeNew(path string, data []byte, perm fs.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return pe.Err
		}
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
	}
	return err
}
