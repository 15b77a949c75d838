package build

import (
	"strings"

	"panto/diag"
)

// merge adds what the check host found (see Options.Check) to the
// static diagnostics. A dynamic problem of an entry's main file without
// a line, or at the line of the file's return statement without a column
// (it returned the wrong shape, or a declaration register_tool refused),
// gets the position of that statement, where what it returned is
// written; one that a static diagnostic
// already explains — an unknown field that made a table no entry, a
// missing field at the same line — turns that diagnostic into an error
// and is not repeated. A warning (a call the check host refused) stays
// a warning.
func (b *build) merge(found diag.List) {
	for _, d := range found {
		u := b.sources[d.File]
		shape := strings.Contains(d.Message, "neither an entry")
		if u != nil && u.main && u.facts.ReturnLine > 0 && d.Column == 0 && (d.Line == 0 || d.Line == u.facts.ReturnLine) {
			d.Line, d.Column = u.facts.ReturnLine, u.facts.ReturnCol
		}
		if d.Severity == diag.Warning {
			// The check host refused a call (a process, a write): the
			// file is not known to be wrong.
			b.add(d)
			continue
		}
		if b.promote(d, shape) {
			continue
		}
		d.Severity = diag.Error
		b.add(d)
	}
}

// promote makes the static diagnostics that explain d errors, and
// reports whether there were any: for a shape error, the unknown-field
// and shape diagnostics of the file; otherwise those of d's line.
func (b *build) promote(d diag.Diagnostic, shape bool) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	found := false
	for i := range b.diags {
		s := &b.diags[i]
		if s.File != d.File || d.File == "" {
			continue
		}
		match := d.Line > 0 && s.Line == d.Line
		if shape {
			match = strings.Contains(s.Message, "unknown field") || strings.Contains(s.Message, "neither an entry")
		}
		if match {
			s.Severity = diag.Error
			found = true
		}
	}
	return found
}
