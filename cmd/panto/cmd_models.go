package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"panto/agent/provider/builtin"
	"panto/diag"
	"panto/extension/config"
	"panto/extension/discover"
)

func init() {
	commands = append(commands, &cli.Command{
		Name:  "models",
		Usage: "list the configured providers and models",
		Description: "Reads the user's config.toml ($XDG_CONFIG_HOME/panto, else ~/.config/panto), the project's\n" +
			".panto/config.toml (and .panto/local/config.toml), and with --dir a run folder's config.toml,\n" +
			"the way panto run reads them. Keys are never shown, only whether the variable is set.\n" +
			"Examples:\n" +
			"  panto models\n" +
			"  panto models --dir examples/demo --json",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print the providers and models as JSON"},
			&cli.StringFlag{Name: "dir", Usage: "also read this run folder's config.toml, as panto run DIR does"},
		},
		Action: modelsAction,
	})
}

// modelsReport is what panto models prints; --json prints it as is.
type modelsReport struct {
	Default   string           `json:"default,omitempty"`
	Reasoning string           `json:"reasoning,omitempty"`
	Providers []providerReport `json:"providers"`
}

type providerReport struct {
	Name     string `json:"name"`
	Label    string `json:"label,omitempty"`
	Protocol string `json:"protocol"`
	// API is the built-in protocol's canonical name; empty for an
	// extension protocol.
	API     string `json:"api,omitempty"`
	BaseURL string `json:"base_url,omitempty"`
	KeyEnv  string `json:"api_key_env,omitempty"`
	// Key is "set", "missing" (required and not set) or "none" (not
	// needed and not set).
	Key       string   `json:"key"`
	Reasoning []string `json:"reasoning,omitempty"`
	// Script is the turns file of the script protocol.
	Script string        `json:"script,omitempty"`
	Models []modelReport `json:"models"`
}

type modelReport struct {
	Reference     string `json:"reference"`
	Alias         string `json:"alias"`
	ID            string `json:"id"`
	ContextWindow int64  `json:"context_window,omitempty"`
	MaxTokens     int    `json:"max_tokens,omitempty"`
}

func modelsAction(c *cli.Context) error {
	if c.NArg() != 0 {
		return userError("models: takes no arguments (panto models [--dir DIR] [--json])")
	}
	cfg, problems, err := modelsConfig(c.String("dir"))
	if err != nil {
		return err
	}
	for _, p := range problems {
		fmt.Fprintln(c.App.ErrWriter, "panto: "+p)
	}
	if msg := staleDefault(cfg); msg != "" {
		fmt.Fprintln(c.App.ErrWriter, "panto: warning: "+msg)
	}
	report := newModelsReport(cfg, os.Getenv)
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		return enc.Encode(report)
	}
	report.write(c.App.Writer)
	return nil
}

// modelsConfig reads the configuration as a session would: the standard
// layers, or a run folder with the host's settings above it.
func modelsConfig(dir string) (*config.Merged, []string, error) {
	var setup *discover.Setup
	var err error
	if dir == "" {
		setup, err = discover.Standard(discover.Options{})
	} else {
		if fi, serr := os.Stat(dir); serr != nil || !fi.IsDir() {
			return nil, nil, userError("models: --dir %s: not a folder", dir)
		}
		setup, err = discover.Folder(dir, discover.Options{})
		if err == nil {
			err = setup.AddHostSettings(discover.Options{})
		}
	}
	if err != nil {
		return nil, nil, setupError(err, "models: %v", err)
	}
	var problems []string
	// What a session would use: an untrusted project's providers are
	// not listed, and the note says why.
	if err := gateProject(setup, nil, func(msg string) { problems = append(problems, msg) }); err != nil {
		return nil, nil, userError("models: %v", err)
	}
	for _, p := range setup.Problems() {
		// Extension problems belong to panto run; only the
		// configuration's are about models.
		if strings.HasSuffix(p.File, "config.toml") {
			problems = append(problems, p.String())
		}
	}
	return setup.Config(), problems, nil
}

func newModelsReport(cfg *config.Merged, getenv func(string) string) modelsReport {
	r := modelsReport{Default: cfg.Models.Default, Reasoning: cfg.Models.Reasoning, Providers: []providerReport{}}
	names := make([]string, 0, len(cfg.Providers))
	for name := range cfg.Providers {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := cfg.Providers[name]
		pr := providerReport{Name: name, Label: p.Label, Protocol: p.Protocol, BaseURL: p.BaseURL, KeyEnv: p.APIKeyEnv, Reasoning: p.Reasoning, Script: p.Script, Models: []modelReport{}}
		spec, isBuiltin := builtin.Lookup(p.Protocol)
		if isBuiltin {
			pr.API = spec.Name
			if pr.BaseURL == "" {
				pr.BaseURL = spec.BaseURL
			}
			if pr.KeyEnv == "" {
				pr.KeyEnv = spec.APIKeyEnv
			}
		}
		key, err := builtin.Credentials(name, p, getenv)
		switch {
		case err != nil:
			pr.Key = "missing"
		case key != "":
			pr.Key = "set"
		default:
			pr.Key = "none"
		}
		aliases := make([]string, 0, len(p.Models))
		for a := range p.Models {
			aliases = append(aliases, a)
		}
		sort.Strings(aliases)
		for _, a := range aliases {
			m := modelReport{Reference: name + ":" + a, Alias: a, ID: p.Models[a], ContextWindow: p.ModelContextWindow(a), MaxTokens: p.ModelMaxTokens(a)}
			if m.ContextWindow == 0 && isBuiltin {
				m.ContextWindow = builtin.DefaultContextWindow(m.ID)
			}
			pr.Models = append(pr.Models, m)
		}
		r.Providers = append(r.Providers, pr)
	}
	return r
}

func (r modelsReport) write(out io.Writer) {
	if len(r.Providers) == 0 {
		fmt.Fprintln(out, "no providers are configured: add a [providers.<name>] table to config.toml (see docs/providers.md)")
		return
	}
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	for _, p := range r.Providers {
		name := p.Name
		if p.Label != "" {
			name += " (" + p.Label + ")"
		}
		protocol := p.Protocol
		if p.API != "" && p.API != p.Protocol {
			protocol += " = " + p.API
		}
		switch {
		case p.Protocol == "script":
			protocol += " (scripted replies: " + p.Script + ")"
		case p.API == "":
			protocol += " (extension protocol)"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", name, protocol, p.BaseURL, p.keyStatus())
		for _, m := range p.Models {
			var notes []string
			if m.Reference == r.Default {
				notes = append(notes, "default")
			}
			if m.ContextWindow > 0 {
				notes = append(notes, fmt.Sprintf("context %d", m.ContextWindow))
			}
			if m.MaxTokens > 0 {
				notes = append(notes, fmt.Sprintf("max_tokens %d", m.MaxTokens))
			}
			fmt.Fprintf(w, "  %s\t%s\t%s\n", m.Reference, m.ID, strings.Join(notes, ", "))
		}
		if len(p.Reasoning) > 0 {
			fmt.Fprintf(w, "  reasoning\t%s\n", strings.Join(p.Reasoning, ", "))
		}
	}
	w.Flush()
	if r.Default != "" {
		line := "default model: " + r.Default
		if r.Reasoning != "" {
			line += ", reasoning " + r.Reasoning
		}
		fmt.Fprintln(out, line)
	}
}

func (p providerReport) keyStatus() string {
	switch p.Key {
	case "set":
		return "key: $" + p.KeyEnv
	case "missing":
		return "key missing: set $" + p.KeyEnv
	}
	return "no key"
}

// staleDefault says when [models] default names a model no configured
// provider has (a provider renamed or removed, an alias dropped), which a
// session would only find out when its first turn starts. A provider
// without a models table may get its models from an extension protocol,
// so its aliases are not judged.
func staleDefault(cfg *config.Merged) string {
	d := cfg.Models.Default
	name, alias, ok := strings.Cut(d, ":")
	if d == "" || !ok {
		return ""
	}
	p, known := cfg.Providers[name]
	if known && (len(p.Models) == 0 || p.Models[alias] != "") {
		return ""
	}
	msg := fmt.Sprintf("[models] default %q names no configured model", d)
	if s := diag.Suggest(d, cfg.ModelRefs()); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return msg
}
