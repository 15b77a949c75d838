package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
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
			"the way panto run reads them, above the built-in catalogue of providers and models and the local\n" +
			"model servers that answer on their default ports. Keys are never shown, only whether the variable is set.\n" +
			"Examples:\n" +
			"  panto models\n" +
			"  panto models --dir examples/demo --json",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print the providers and models as JSON"},
			&cli.StringFlag{Name: "dir", Usage: "also read this run folder's config.toml, as panto run DIR does"},
			&cli.BoolFlag{Name: "all", Usage: "also list the models of the built-in providers whose key is not set"},
		},
		Action: modelsAction,
	})
}

// modelsReport is what panto models prints; --json prints it as is.
type modelsReport struct {
	Default   string           `json:"default,omitempty"`
	Reasoning string           `json:"reasoning,omitempty"`
	Providers []providerReport `json:"providers"`
	// Unset lists the built-in providers left out because their key is
	// not set (all of them are listed with --all).
	Unset []unsetReport `json:"unset,omitempty"`
}

type unsetReport struct {
	Name   string `json:"name"`
	KeyEnv string `json:"api_key_env"`
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
	Script string `json:"script,omitempty"`
	// Origin is where the provider comes from: a config file's path,
	// "built-in catalogue" or "detected local servers".
	Origin string        `json:"origin"`
	Models []modelReport `json:"models"`
}

type modelReport struct {
	Reference     string `json:"reference"`
	Alias         string `json:"alias"`
	ID            string `json:"id"`
	ContextWindow int64  `json:"context_window,omitempty"`
	MaxTokens     int    `json:"max_tokens,omitempty"`
	// MaxOutput, Reasoning and Price are the catalogue's facts about the
	// model, when it lists it.
	MaxOutput int64          `json:"max_output,omitempty"`
	Reasoning bool           `json:"reasoning,omitempty"`
	Price     *builtin.Price `json:"price,omitempty"`
	Origin    string         `json:"origin,omitempty"` // when not the provider's
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
	report := newModelsReport(cfg, os.Getenv, c.Bool("all"))
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
	addBuiltinLayers(setup)
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

func newModelsReport(cfg *config.Merged, getenv func(string) string, all bool) modelsReport {
	r := modelsReport{Default: cfg.Models.Default, Reasoning: cfg.Models.Reasoning, Providers: []providerReport{}}
	cat, _ := builtin.LoadCatalog()
	names := make([]string, 0, len(cfg.Providers))
	for name := range cfg.Providers {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := cfg.Providers[name]
		pr := providerReport{Name: name, Label: p.Label, Protocol: p.Protocol, BaseURL: p.BaseURL, KeyEnv: p.APIKeyEnv, Reasoning: p.Reasoning, Script: p.Script, Origin: p.Origin, Models: []modelReport{}}
		spec, isBuiltin := builtin.Lookup(p.Protocol)
		if isBuiltin {
			pr.API = spec.Name
			if pr.BaseURL == "" {
				pr.BaseURL = spec.BaseURL
			}
			if pr.KeyEnv == "" && !p.Detected {
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
		fromFiles := false
		for a := range p.Models {
			aliases = append(aliases, a)
			fromFiles = fromFiles || !cfg.IsBuiltin(p.ModelOrigin(a))
		}
		if !all && pr.Key == "missing" && cfg.IsBuiltin(p.Origin) && !fromFiles && !strings.HasPrefix(r.Default, name+":") {
			// A built-in provider the user cannot use yet: one line for
			// all of them instead of their every model.
			r.Unset = append(r.Unset, unsetReport{Name: name, KeyEnv: pr.KeyEnv})
			continue
		}
		sort.Strings(aliases)
		for _, a := range aliases {
			m := modelReport{Reference: name + ":" + a, Alias: a, ID: p.Models[a], ContextWindow: p.ModelContextWindow(a), MaxTokens: p.ModelMaxTokens(a)}
			if cat != nil {
				if cm, ok := cat.Model(name, p, m.ID); ok {
					m.MaxOutput, m.Reasoning, m.Price = cm.MaxOutput, cm.Reasoning, cm.Price
					if m.ContextWindow == 0 {
						m.ContextWindow = cm.ContextWindow
					}
				}
			}
			if m.ContextWindow == 0 && isBuiltin && !p.Detected {
				m.ContextWindow = builtin.DefaultContextWindow(m.ID)
			}
			if o := p.ModelOrigin(a); o != p.Origin {
				m.Origin = o
			}
			pr.Models = append(pr.Models, m)
		}
		r.Providers = append(r.Providers, pr)
	}
	return r
}

func (r modelsReport) write(out io.Writer) {
	if len(r.Providers) == 0 {
		fmt.Fprintln(out, "no provider is usable: set the key of a built-in provider ("+unsetKeys(r.Unset)+
			"), start a local Ollama or llama.cpp server, or add a [providers.<name>] table to config.toml (see docs/providers.md)")
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
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", name, protocol, p.BaseURL, p.keyStatus(), p.Origin)
		for _, m := range p.Models {
			var notes []string
			if m.Reference == r.Default {
				notes = append(notes, "default")
			}
			if m.ContextWindow > 0 {
				notes = append(notes, fmt.Sprintf("context %d", m.ContextWindow))
			}
			if m.MaxOutput > 0 {
				notes = append(notes, fmt.Sprintf("output %d", m.MaxOutput))
			}
			if m.MaxTokens > 0 {
				notes = append(notes, fmt.Sprintf("max_tokens %d", m.MaxTokens))
			}
			if m.Reasoning {
				notes = append(notes, "reasoning")
			}
			if m.Price != nil {
				notes = append(notes, "$"+money(m.Price.Input)+" in, $"+money(m.Price.Output)+" out per MTok")
			}
			if m.Origin != "" {
				notes = append(notes, "from "+m.Origin)
			}
			fmt.Fprintf(w, "  %s\t%s\t%s\n", m.Reference, m.ID, strings.Join(notes, ", "))
		}
		if len(p.Reasoning) > 0 {
			fmt.Fprintf(w, "  reasoning\t%s\n", strings.Join(p.Reasoning, ", "))
		}
	}
	w.Flush()
	if len(r.Unset) > 0 {
		fmt.Fprintln(out, "built-in, key not set: "+unsetKeys(r.Unset)+" (panto models --all lists their models)")
	}
	if r.Default != "" {
		line := "default model: " + r.Default
		if r.Reasoning != "" {
			line += ", reasoning " + r.Reasoning
		}
		fmt.Fprintln(out, line)
	}
}

func unsetKeys(us []unsetReport) string {
	var parts []string
	for _, u := range us {
		parts = append(parts, u.Name+" $"+u.KeyEnv)
	}
	return strings.Join(parts, ", ")
}

// money prints a price per million tokens without trailing zeros.
func money(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

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
