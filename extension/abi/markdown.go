package abi

import (
	"fmt"
	"sort"
	"strings"
)

// Markdown renders the reference part of docs/abi.md from the
// description, so the document cannot drift from what the host enforces.
func (s *Spec) Markdown() string {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	p("### ABI %s\n\n", s.Version)
	p("%s\n\n", s.Module.Note)
	for _, t := range s.Module.Tables {
		if t.Kind == "class" {
			p("#### `%s` objects\n\n", t.Name)
			p("| method | what it does |\n|---|---|\n")
		} else {
			p("#### `%s`\n\n", t.Name)
			p("| function | what it does |\n|---|---|\n")
		}
		for _, f := range t.Functions {
			p("| `%s` | %s |\n", cell(f.Signature), cell(f.Summary))
		}
		for _, v := range t.Values {
			p("| `%s` (%s) | %s |\n", v.Name, v.Type, cell(v.Summary))
		}
		p("\n")
	}
	p("#### Events\n\n")
	p("%s\n\n", s.EventObject.Summary)
	for _, m := range s.EventObject.Members {
		p("- `event.%s`: %s\n", m.Name, m.Summary)
	}
	for _, r := range s.EventObject.Rules {
		p("- %s\n", r)
	}
	p("\n| event | component | fields |\n|---|---|---|\n")
	for _, e := range s.Events {
		var fields []string
		for _, f := range e.Fields {
			desc := fmt.Sprintf("`%s` %s", f.Name, f.Type)
			var tags []string
			if f.Writable {
				tags = append(tags, "**writable**")
			}
			if f.Optional {
				tags = append(tags, "optional")
			}
			if len(tags) > 0 {
				desc += " (" + strings.Join(tags, ", ") + ")"
			}
			if f.Summary != "" {
				desc += ": " + f.Summary
			}
			fields = append(fields, desc)
		}
		comp := "no"
		if e.Component {
			comp = "yes"
		}
		p("| `%s` | %s | %s<br>%s |\n", e.Name, comp, cell(e.Summary), cell(strings.Join(fields, "<br>")))
	}
	if len(s.EventObject.CustomEvents) > 0 {
		p("\nKnown custom events (fired with `emit`, exposing only `event.name`): `%s`.\n", strings.Join(s.EventObject.CustomEvents, "`, `"))
	}
	p("\n#### Contracts\n\n")
	names := make([]string, 0, len(s.Contracts))
	for n := range s.Contracts {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		p("**%s**\n\n", n)
		c := s.Contracts[n]
		keys := make([]string, 0, len(c))
		for k := range c {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p("- %s: %s\n", k, contractValue(c[k]))
		}
		p("\n")
	}
	p("#### Types\n\n")
	p("The shapes extensions pass and receive (the LuaLS stubs of `panto stubs` declare them as classes). Names other agents' APIs use are listed after each, with what panto calls them; `panto build` suggests those.\n\n")
	for _, t := range s.Types {
		p("**`%s`**: %s\n\n", t.Name, t.Summary)
		for _, f := range t.Fields {
			opt := ""
			if f.Optional {
				opt = " (optional)"
			}
			sum := ""
			if f.Summary != "" {
				sum = ": " + f.Summary
			}
			p("- `%s` `%s`%s%s\n", f.Name, cell(f.Type), opt, sum)
		}
		for _, f := range t.Foreign {
			p("- not panto's: `%s`: %s\n", f.Name, f.Hint)
		}
		p("\n")
	}
	for _, a := range s.Aliases {
		p("**`%s`** = `%s`: %s\n\n", a.Name, a.Type, a.Summary)
	}
	return b.String()
}

func contractValue(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = "`" + fmt.Sprint(e) + "`"
		}
		return strings.Join(parts, ", ")
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = k + ": " + fmt.Sprint(x[k])
		}
		return strings.Join(parts, "; ")
	}
	return fmt.Sprint(v)
}

func cell(s string) string { return strings.ReplaceAll(s, "|", "\\|") }
