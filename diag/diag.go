// Package diag is the one home of source positions and of the problems
// reported against them, for every stage of panto: the Lua lexer, parser
// and code generator, configuration files, discovery of extension folders,
// panto build, and the extension host.
//
// Positions are byte offsets (Pos) while a chunk is scanned and parsed; a
// File, the line table of one chunk, turns them into a line and a column
// only when something is reported. A Diagnostic is one reported problem
// with its file, line, column, message and the text it was found near; a
// List keeps several in file order. Every stage reports the same type, so
// panto build, panto run and panto watch show a problem the same way:
//
//	extensions/x.lua:4:15: unexpected symbol near '='
//
// Lua programs see syntax errors in the reference interpreter's words
// instead ("x.lua:4: unexpected symbol near '='": a chunk id, a line, no
// column), which LuaMessage produces from the same Diagnostic.
//
// The package imports nothing of panto, so anything may import it.
package diag

import (
	"sort"
	"strconv"
	"strings"
)

// Severity says whether a problem stops what reported it.
type Severity uint8

const (
	// Error stops the stage that found it (the chunk does not compile,
	// the build writes no bundle).
	Error Severity = iota
	// Warning is reported and the stage carries on.
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Diagnostic is one problem with where it was found.
type Diagnostic struct {
	// File is the file as people should see it: a path relative to the
	// working directory when below it, the literal name of a "=name"
	// chunk, the [string "..."] form for source text; "" when the
	// problem belongs to no file.
	File string
	// Line and Column are 1-based; 0 when unknown. Column counts bytes.
	Line, Column int
	// Message says what is wrong, without position or near text.
	Message string
	// Near is the offending text as the reference quotes it ("'='",
	// "<eof>"), or "" when the message has no near part.
	Near string
	// Severity tells an error from a warning.
	Severity Severity
}

// Text is the message followed by its near part: "unexpected symbol
// near '='".
func (d Diagnostic) Text() string {
	if d.Near == "" {
		return d.Message
	}
	return d.Message + " near " + d.Near
}

// String formats the diagnostic as compilers do, so that editors and
// terminals can jump to it: "file:line:col: text", with the position
// parts that are known and "warning: " before the text of a warning.
func (d Diagnostic) String() string {
	var b strings.Builder
	if d.File != "" {
		b.WriteString(d.File)
		if d.Line > 0 {
			b.WriteString(":" + strconv.Itoa(d.Line))
			if d.Column > 0 {
				b.WriteString(":" + strconv.Itoa(d.Column))
			}
		}
		b.WriteString(": ")
	}
	if d.Severity == Warning {
		b.WriteString("warning: ")
	}
	b.WriteString(d.Text())
	return b.String()
}

// Error is String: a Diagnostic is the error the compiler, the
// configuration reader and the runtime's load return (the runtime's
// through errors.As).
func (d *Diagnostic) Error() string { return d.String() }

// LuaMessage formats a diagnostic about a chunk the way the reference
// interpreter's load reports it, which is what Lua programs see and test:
// "chunkid:line: text", with the chunk id made from chunkname as given to
// load, and no column. A diagnostic without a line (the reference's "C
// stack overflow" and "chunk too large") is its text alone.
func (d Diagnostic) LuaMessage(chunkname string) string {
	if d.Line == 0 {
		return d.Text()
	}
	return ChunkID(chunkname) + ":" + strconv.Itoa(d.Line) + ": " + d.Text()
}

// List is a set of diagnostics; Sort puts it in file order.
type List []Diagnostic

// Add appends a diagnostic.
func (l *List) Add(d Diagnostic) { *l = append(*l, d) }

// Sort orders by file, then line, then column; diagnostics without a
// file come first, and diagnostics at the same place keep the order in
// which they were found.
func (l List) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := &l[i], &l[j]
		if a.File != b.File {
			if a.File == "" || b.File == "" {
				return a.File == ""
			}
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
}

// Errors counts the diagnostics of severity Error.
func (l List) Errors() int {
	n := 0
	for i := range l {
		if l[i].Severity == Error {
			n++
		}
	}
	return n
}

// Warnings returns the diagnostics of severity Warning, in order.
func (l List) Warnings() List {
	var w List
	for _, d := range l {
		if d.Severity == Warning {
			w = append(w, d)
		}
	}
	return w
}

// String is one diagnostic per line.
func (l List) String() string {
	var b strings.Builder
	for i := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l[i].String())
	}
	return b.String()
}
