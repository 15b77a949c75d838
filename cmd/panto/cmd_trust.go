package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"panto/extension/discover"
	"panto/extension/trust"
)

func init() {
	commands = append(commands, &cli.Command{
		Name:      "trust",
		Usage:     "trust a project's .panto/ layer (its extensions, tools and provider settings), list or revoke trust",
		ArgsUsage: "[DIR]",
		Description: "panto runs nothing from a project's .panto/ folder until you trust that folder's current contents.\n" +
			"DIR (default: the working directory) is the project folder or any folder inside it; trust is recorded\n" +
			"in the data home ($XDG_DATA_HOME/panto/trust.json, else ~/.local/share/panto/trust.json) by the folder's\n" +
			"real path and a digest of .panto/, so a change to it (a git pull) asks again. See docs/security.md.\n" +
			"Examples:\n" +
			"  panto trust\n" +
			"  panto trust ~/src/project\n" +
			"  panto trust --list\n" +
			"  panto trust --revoke ~/src/project",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "list", Usage: "list the trusted folders and whether each is unchanged since"},
			&cli.StringFlag{Name: "revoke", Usage: "forget the trust of this project `DIR`"},
		},
		Action: trustAction,
	})
}

func trustAction(c *cli.Context) error {
	out := c.App.Writer
	switch {
	case c.Bool("list") && (c.IsSet("revoke") || c.NArg() > 0):
		return userError("trust: --list takes no folder")
	case c.Bool("list"):
		return trustList(out)
	case c.IsSet("revoke"):
		if c.NArg() > 0 {
			return userError("trust: give the folder to --revoke only (panto trust --revoke DIR)")
		}
		return trustRevoke(out, c.String("revoke"))
	case c.NArg() > 1:
		return userError("trust: give at most one folder")
	}
	dir := c.Args().First()
	if dir == "" {
		dir = "."
	}
	return trustDir(out, dir)
}

// projectOf discovers the project dir belongs to, as a session started
// there would (the nearest folder with .panto, from dir upward).
func projectOf(dir string) (*discover.Setup, *trust.Project, error) {
	if fi, err := os.Stat(dir); err != nil {
		return nil, nil, shortPathErr(err)
	} else if !fi.IsDir() {
		return nil, nil, errors.New("not a folder")
	}
	setup, err := discover.Standard(discover.Options{Cwd: dir})
	if err != nil {
		return nil, nil, err
	}
	p, err := trust.Find(setup)
	return setup, p, err
}

// trustDir is `panto trust [DIR]`: record the project's layer as it is
// now, and say what was trusted.
func trustDir(out io.Writer, dir string) error {
	setup, p, err := projectOf(dir)
	if err != nil {
		return userError("trust: %s: %v", dir, err)
	}
	if p == nil {
		if fi, err := os.Stat(filepath.Join(setup.ProjectRoot, ".panto")); err != nil || !fi.IsDir() {
			return userError("trust: %s: no .panto folder here or in a folder above it (below your home), so nothing to trust", dir)
		}
		fmt.Fprintf(out, "%s holds nothing that runs or configures panto; nothing to trust\n", filepath.Join(setup.ProjectRoot, ".panto"))
		return nil
	}
	store := trust.NewStore(setup.DataHome)
	if err := store.Trust(p.Root, p.Digest, time.Now()); err != nil {
		return userError("trust: %v", err)
	}
	real, _ := trust.RealPath(p.Root)
	fmt.Fprintf(out, "trusted %s\n", real)
	writeSummary(out, p.Summarize())
	return nil
}

// writeSummary lists what a project layer holds, as the trust dialog
// does.
func writeSummary(out io.Writer, s trust.Summary) {
	if len(s.Entries) > 0 {
		fmt.Fprintf(out, "  extensions and tools: %s\n", strings.Join(s.Entries, ", "))
	}
	for _, p := range s.Providers {
		fmt.Fprintf(out, "  provider %s\n", providerLine(p))
	}
	for _, m := range s.MCPServers {
		fmt.Fprintf(out, "  MCP server %s\n", m)
	}
	for _, h := range s.Hooks {
		fmt.Fprintf(out, "  hook %s\n", h)
	}
	if s.Files > 0 {
		fmt.Fprintf(out, "  other files: %d\n", s.Files)
	}
}

// providerLine says where a provider sends requests and with which key.
func providerLine(p trust.ProviderSummary) string {
	var b strings.Builder
	b.WriteString(p.Name)
	if p.Protocol != "" {
		fmt.Fprintf(&b, " (%s)", p.Protocol)
	}
	base := p.BaseURL
	if base == "" {
		base = "the protocol's default URL"
	}
	fmt.Fprintf(&b, ": %s", base)
	if p.APIKeyEnv != "" {
		fmt.Fprintf(&b, ", key from $%s", p.APIKeyEnv)
	}
	if len(p.Headers) > 0 {
		fmt.Fprintf(&b, ", headers %s", strings.Join(p.Headers, ", "))
	}
	return b.String()
}

// trustList is `panto trust --list`.
func trustList(out io.Writer) error {
	setup, err := discover.Standard(discover.Options{})
	if err != nil {
		return userError("trust: %v", err)
	}
	records, err := trust.NewStore(setup.DataHome).List()
	if err != nil {
		return userError("trust: %v", err)
	}
	if len(records) == 0 {
		fmt.Fprintln(out, "no trusted folders")
		return nil
	}
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	for _, r := range records {
		fmt.Fprintf(w, "%s\t%s\ttrusted %s\n", r.Dir, recordState(r), r.Time.Local().Format("2006-01-02 15:04"))
	}
	return w.Flush()
}

// recordState says whether a trusted folder still holds what was
// trusted: "unchanged", "changed" (panto will ask again), or "missing".
func recordState(r trust.Record) string {
	if _, err := os.Stat(filepath.Join(r.Dir, ".panto")); err != nil {
		return "missing"
	}
	_, p, err := projectOf(r.Dir)
	switch {
	case err != nil:
		return "unreadable"
	case p == nil || p.Digest != r.Digest:
		return "changed"
	}
	return "unchanged"
}

// trustRevoke is `panto trust --revoke DIR`.
func trustRevoke(out io.Writer, dir string) error {
	setup, err := discover.Standard(discover.Options{})
	if err != nil {
		return userError("trust: %v", err)
	}
	target := dir
	if _, p, err := projectOf(dir); err == nil && p != nil {
		target = p.Root // a folder inside the project names the project
	}
	if err := trust.NewStore(setup.DataHome).Revoke(target); err != nil {
		return userError("trust: --revoke %s: %v", dir, err)
	}
	fmt.Fprintf(out, "revoked %s\n", target)
	return nil
}
