package main

import (
	"os"

	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"panto/build"
	"panto/bundle"
	"panto/extension/abi"
	"panto/stdext"
)

// buildInMemory builds a folder as panto build would, without writing
// the bundle, printing the build's warnings; a failed build is the
// error.
func buildInMemory(c *cli.Context, dir string) ([]byte, error) {
	res, err := build.Build(build.Options{Dirs: []string{dir}, Compiler: "panto " + version, Base: stdext.FS()})
	if err != nil {
		if be, ok := err.(*build.BuildError); ok {
			printDiagnostics(c.App.ErrWriter, "inspect", be.Diagnostics)
			return nil, fmt.Errorf("the folder does not build (%d %s)", be.Errors(), countNoun(be.Errors(), "error", "errors"))
		}
		return nil, err
	}
	printDiagnostics(c.App.ErrWriter, "inspect", res.Warnings)
	return res.Data, nil
}

func init() {
	commands = append(commands, &cli.Command{
		Name:      "inspect",
		Usage:     "show a bundle's manifest: ABI, entries, modules, resources, sizes and hashes",
		ArgsUsage: "BUNDLE|DIR",
		Description: "A bundle that is intact but cannot run here (another ABI, a bad chunk, a bad signature)\n" +
			"is still shown, marked invalid, and the exit status is 1.\n" +
			"Examples:\n" +
			"  panto inspect demo.pkg\n" +
			"  panto inspect demo.pkg --json\n" +
			"  panto inspect examples/demo     # a folder, as panto build would bundle it (nothing is written)",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print the manifest as JSON"},
		},
		Action: inspectAction,
	})
}

func inspectAction(c *cli.Context) error {
	if c.NArg() != 1 {
		return userError("inspect: give one bundle (panto inspect BUNDLE [--json])")
	}
	path := c.Args().First()
	var data []byte
	var err error
	if fi, serr := os.Stat(path); serr == nil && fi.IsDir() {
		data, err = buildInMemory(c, path)
	} else {
		data, err = bundle.ReadFile(path)
	}
	if err != nil {
		return userError("inspect: %s: %v", path, err)
	}
	b, err := bundle.Read(data, bundle.Options{CheckDebug: true})
	var problem *bundle.Error
	if err != nil {
		// Past the integrity checks, the manifest can be trusted to
		// describe the file, and is worth showing: it says which ABI the
		// bundle needs, say.
		if !errors.As(err, &problem) || problem.Check < bundle.CheckSignature {
			return userError("inspect: %s: %v", path, err)
		}
		if b, err = bundle.ReadManifest(data); err != nil {
			return userError("inspect: %s: %v", path, err)
		}
	}
	report := newInspectReport(path, b, problem)
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		if err := enc.Encode(report); err != nil {
			return userError("inspect: %v", err)
		}
	} else {
		report.print(c.App.Writer)
	}
	if problem != nil {
		return userError("inspect: %s: %v", path, problem)
	}
	return nil
}

// inspectReport is what inspect shows; its JSON form is the --json
// output, so the field names are part of the command's contract.
type inspectReport struct {
	File          string          `json:"file"`
	Size          int64           `json:"size"`
	FormatVersion int             `json:"format_version"`
	Name          string          `json:"name"`
	Version       string          `json:"version"`
	ABI           string          `json:"abi"`
	HostABI       string          `json:"host_abi"`
	Compiler      string          `json:"compiler"`
	Stripped      bool            `json:"stripped"`
	SHA256        string          `json:"sha256"`
	Signer        *string         `json:"signer"`
	PublicKey     *string         `json:"public_key"`
	Valid         bool            `json:"valid"`
	Problem       *inspectProblem `json:"problem,omitempty"`
	Entries       []inspectEntry  `json:"entries"`
	Chunks        []inspectBlob   `json:"chunks"`
	Resources     []inspectBlob   `json:"resources"`
	Config        *inspectBlob    `json:"config"`
}

type inspectProblem struct {
	Check   string `json:"check"`
	Message string `json:"message"`
}

type inspectEntry struct {
	Name    string          `json:"name"`
	Origin  string          `json:"origin"`
	Folder  bool            `json:"folder"`
	Main    string          `json:"main"`
	Modules []inspectModule `json:"modules"`
}

type inspectModule struct {
	Name string `json:"name"`
	Path string `json:"path"`
}

type inspectBlob struct {
	Path   string `json:"path"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

func newInspectReport(path string, b *bundle.Bundle, problem *bundle.Error) *inspectReport {
	r := &inspectReport{
		File: path, Size: b.Size, FormatVersion: bundle.FormatVersion,
		Name: b.Name, Version: b.Version, ABI: b.ABI, HostABI: abi.Version, Compiler: b.Compiler,
		Stripped: b.Stripped, SHA256: b.DigestHex(), Valid: problem == nil,
		Entries: []inspectEntry{}, Chunks: []inspectBlob{}, Resources: []inspectBlob{},
	}
	if problem != nil {
		r.Problem = &inspectProblem{Check: problem.Check.String(), Message: problem.Msg}
	}
	if b.Signer != nil {
		fp := bundle.Fingerprint(b.Signer)
		key := hex.EncodeToString(b.Signer)
		r.Signer, r.PublicKey = &fp, &key
	}
	for _, e := range b.Entries {
		ie := inspectEntry{Name: e.Name, Origin: e.Origin.String(), Folder: e.Folder, Main: e.Main, Modules: []inspectModule{}}
		for _, m := range e.Modules {
			ie.Modules = append(ie.Modules, inspectModule{Name: m.Name, Path: m.Path})
		}
		r.Entries = append(r.Entries, ie)
	}
	for _, bl := range b.Blobs {
		ib := inspectBlob{Path: bl.Path, Size: bl.Size, SHA256: hex.EncodeToString(bl.SHA256[:])}
		switch bl.Kind {
		case bundle.KindChunk:
			r.Chunks = append(r.Chunks, ib)
		case bundle.KindResource:
			r.Resources = append(r.Resources, ib)
		case bundle.KindConfig:
			r.Config = &ib
		}
	}
	return r
}

func (r *inspectReport) print(out io.Writer) {
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	status := "valid"
	if r.Problem != nil {
		status = "invalid: " + r.Problem.Message
	}
	signature := "unsigned"
	if r.Signer != nil {
		signature = "signed by " + *r.Signer
		if r.Problem == nil || r.Problem.Check != "signature" {
			signature += " (signature valid)"
		}
	}
	debug := "kept"
	if r.Stripped {
		debug = "stripped"
	}
	fmt.Fprintf(w, "bundle\t%s %s\n", r.Name, r.Version)
	fmt.Fprintf(w, "file\t%s, %d bytes, format %d\n", r.File, r.Size, r.FormatVersion)
	fmt.Fprintf(w, "abi\t%s (this host implements %s)\n", r.ABI, r.HostABI)
	fmt.Fprintf(w, "compiler\t%s\n", r.Compiler)
	fmt.Fprintf(w, "debug info\t%s\n", debug)
	fmt.Fprintf(w, "signature\t%s\n", signature)
	fmt.Fprintf(w, "sha256\t%s\n", r.SHA256)
	fmt.Fprintf(w, "status\t%s\n", status)
	w.Flush()

	fmt.Fprintf(out, "\nentries (%d)\n", len(r.Entries))
	w = tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	for _, e := range r.Entries {
		kind := "file"
		if e.Folder {
			kind = "folder"
		}
		if e.Origin != "canonical" {
			kind += ", " + e.Origin
		}
		var mods []string
		for _, m := range e.Modules {
			mods = append(mods, m.Name)
		}
		requires := ""
		if len(mods) > 0 {
			requires = "requires " + strings.Join(mods, ", ")
		}
		fmt.Fprintf(w, "  %s\t%s\t%s\t%s\n", e.Name, e.Main, kind, requires)
	}
	w.Flush()
	blobs := func(title string, list []inspectBlob) {
		var total int64
		width := 0
		for _, b := range list {
			total += b.Size
			width = max(width, len(b.Path))
		}
		fmt.Fprintf(out, "\n%s (%d, %d bytes)\n", title, len(list), total)
		for _, b := range list {
			fmt.Fprintf(out, "  %-*s  %8d  %s\n", width, b.Path, b.Size, b.SHA256)
		}
	}
	blobs("chunks", r.Chunks)
	blobs("resources", r.Resources)
	if r.Config != nil {
		blobs("config", []inspectBlob{*r.Config})
	}
}
