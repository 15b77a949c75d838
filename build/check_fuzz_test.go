package build

import (
	"testing"

	"panto/compiler/parser"
	"panto/diag"
)

// FuzzScan: the ABI checks take any chunk that parses, never panic, and
// report positions inside it.
func FuzzScan(f *testing.F) {
	for _, s := range []string{
		`return { name = "t", handeler = function() end, description = "d", schema = {} }`,
		`local panto = require("panto"); panto.ext.register_tol { name = "x" }; panto.ext.jsn.decode("1"); ext.on("tool_reslt", f)`,
		`return { { name = "a", activate = nil, handler = nil }, { [k] = 1 } }`,
		`package.path = "x"; require("nope")`,
		`return { name = "e", activte = function() end }`,
		`panto.text.widht(1):x()`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		chunk, err := parser.Parse("@fuzz.lua", src)
		if err != nil {
			return
		}
		facts := scan(chunk, true)
		lines := diag.NewFile("@fuzz.lua", src)
		last := lines.LineCount()
		for _, is := range facts.fields {
			if is.line < 1 || is.line > last {
				t.Fatalf("field issue at line %d of %d", is.line, last)
			}
			_ = fieldMessage(is)
		}
		for _, m := range facts.misses {
			_ = missMessage(m)
		}
	})
}
