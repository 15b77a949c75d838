package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"panto/host"
	"panto/tui/termtext"
)

// listReport is `panto run --list --json`: everything registered, with
// full descriptions and schemas, what was skipped, and what failed to
// load. Its field names are part of the command's contract.
type listReport struct {
	Tools     []listTool     `json:"tools"`
	Commands  []listCommand  `json:"commands"`
	Protocols []listProtocol `json:"protocols"`
	Handlers  []listHandler  `json:"handlers"`
	Skipped   []listSkip     `json:"skipped"`
	Problems  []listProblem  `json:"problems"`
}

type listTool struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Source      string          `json:"source"`
}

type listCommand struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Source      string `json:"source"`
}

type listProtocol struct {
	Name         string       `json:"name"`
	EffortLevels []listEffort `json:"effort_levels"`
	Source       string       `json:"source"`
}

type listEffort struct {
	Label  string `json:"label"`
	Detail string `json:"detail,omitempty"`
}

type listHandler struct {
	Event  string `json:"event"`
	Source string `json:"source"`
}

type listSkip struct {
	Name   string `json:"name"`
	Reason string `json:"reason"`
	Source string `json:"source"`
}

type listProblem struct {
	Stage   string `json:"stage"`
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message"`
	Subject string `json:"subject,omitempty"`
}

func newListReport(h *host.Host) *listReport {
	r := &listReport{Tools: []listTool{}, Commands: []listCommand{}, Protocols: []listProtocol{},
		Handlers: []listHandler{}, Skipped: []listSkip{}, Problems: []listProblem{}}
	for _, t := range h.Tools() {
		schema := json.RawMessage(t.SchemaJSON)
		if !json.Valid(schema) {
			schema = json.RawMessage("null")
		}
		r.Tools = append(r.Tools, listTool{t.Name, t.Description, schema, t.Source})
	}
	for _, c := range h.Commands() {
		r.Commands = append(r.Commands, listCommand{c.Name, c.Description, c.Source})
	}
	for _, p := range h.Protocols() {
		lp := listProtocol{Name: p.Name, EffortLevels: []listEffort{}, Source: p.Source}
		for _, e := range p.EffortLevels {
			lp.EffortLevels = append(lp.EffortLevels, listEffort{e.Label, e.Detail})
		}
		r.Protocols = append(r.Protocols, lp)
	}
	for _, hd := range h.Handlers() {
		r.Handlers = append(r.Handlers, listHandler{hd.Event, hd.Source})
	}
	for _, s := range h.Skipped() {
		r.Skipped = append(r.Skipped, listSkip{s.Name, s.Reason, s.Source})
	}
	for _, p := range h.Problems() {
		r.Problems = append(r.Problems, listProblem{string(p.Stage), p.File, p.Line, p.Column, p.Message, p.Subject})
	}
	return r
}

func printListJSON(out io.Writer, h *host.Host) error {
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(newListReport(h))
}

// printVerboseList is --list -v: each registration with its whole
// description, wrapped under it.
func printVerboseList(out io.Writer, h *host.Host) {
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	desc := func(s string) {
		w.Flush()
		for _, para := range strings.Split(strings.TrimSpace(s), "\n") {
			for _, row := range termtext.Wrap(strings.Join(strings.Fields(para), " "), 72) {
				fmt.Fprintf(out, "      %s\n", row)
			}
		}
	}
	fmt.Fprintf(w, "tools (%d)\n", len(h.Tools()))
	for _, t := range h.Tools() {
		fmt.Fprintf(w, "  %s\t%s\n", t.Name, t.Source)
		desc(t.Description)
	}
	fmt.Fprintf(w, "commands (%d)\n", len(h.Commands()))
	for _, c := range h.Commands() {
		fmt.Fprintf(w, "  /%s\t%s\n", c.Name, c.Source)
		desc(c.Description)
	}
	w.Flush()
	// The rest has no descriptions: the table as without -v.
	var rest strings.Builder
	printRegistrations(&rest, h)
	if i := strings.Index(rest.String(), "protocols ("); i >= 0 {
		fmt.Fprint(out, rest.String()[i:])
	}
}
