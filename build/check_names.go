package build

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"panto/compiler/ast"
	"panto/diag"
	"panto/extension/abi"
	"panto/extension/discover"
)

// The checks of this file look at names written literally: the fields of
// a declaration table, the functions called on panto.ext, panto.text and
// panto, and the modules given to require. Each mistake is reported at
// the name itself, with what panto calls the thing when it can tell: a
// typo of a field ("handeler"), or the name another agent's API uses for
// it (bone's "parameters", "execute" and "safety").

// fieldIssue is an unknown key of a literal declaration.
type fieldIssue struct {
	key       string
	contract  string // "tool", "entry", ...; "" when the table is neither
	form      string // how the table was declared, for the message
	line, col int
}

// apiMiss is a member of a panto table that does not exist.
type apiMiss struct {
	table, name string
	line, col   int
}

// requireLit is require("name") with a literal name.
type requireLit struct {
	name      string
	line, col int
}

// shapeFields are the fields of the contracts a returned table may be
// classified as; a table with none of activate and handler is checked
// against both.
var shapeContracts = []string{"entry", "tool"}

// checkFields reports the keys of a declaration table that its contract
// does not have. contract "" means the table is neither an entry nor a
// tool declaration, and each key is compared with both.
func (s *scanner) checkFields(t *ast.TableExpr, contract, form string) {
	spec := abi.Get()
	contracts := []string{contract}
	if contract == "" {
		contracts = shapeContracts
	}
	for _, f := range t.Fields {
		k, ok := f.Key.(*ast.StringExpr)
		if !ok {
			continue
		}
		known := false
		for _, c := range contracts {
			if typ := spec.ContractType(c); typ != nil && typ.Field(k.Value) != nil {
				known = true
			}
		}
		if known {
			continue
		}
		is := fieldIssue{key: k.Value, contract: contract, form: form}
		is.line, is.col = s.pos(k.Pos)
		s.fields = append(s.fields, is)
	}
}

// fieldMessage words an unknown field, with the field panto has in mind.
func fieldMessage(is fieldIssue) string {
	form := is.form
	if is.key == "" {
		return form
	}
	spec := abi.Get()
	contracts := []string{is.contract}
	if is.contract == "" {
		contracts = shapeContracts
	}
	var names []string
	var hint string
	for _, c := range contracts {
		typ := spec.ContractType(c)
		if typ == nil {
			continue
		}
		for _, f := range typ.Fields {
			names = append(names, f.Name)
		}
		if f := typ.ForeignName(is.key); f != nil && hint == "" {
			hint = f.Hint
		}
	}
	msg := fmt.Sprintf("%s: unknown field '%s'", form, is.key)
	switch {
	case hint != "":
		msg += " (" + hint + ")"
	default:
		if sug := diag.Suggest(is.key, names); sug != "" {
			msg += fmt.Sprintf("; did you mean '%s'?", sug)
		} else if is.contract != "" {
			msg += fmt.Sprintf(" (%s has %s)", article(is.contract), strings.Join(uniq(names), ", "))
		}
	}
	return msg
}

// apiTable names the panto table an expression reads, when it is one of
// the literal forms extensions use: panto.ext, require("panto").ext, a
// local ext, panto.text, or panto itself.
func apiTable(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.NameExpr:
		switch x.Name {
		case "ext":
			return "panto.ext"
		case "panto":
			return "panto"
		}
	case *ast.IndexExpr:
		k, ok := x.Key.(*ast.StringExpr)
		if !ok || (k.Value != "ext" && k.Value != "text") {
			return ""
		}
		switch o := x.Obj.(type) {
		case *ast.NameExpr:
			if o.Name == "panto" {
				return "panto." + k.Value
			}
		case *ast.CallExpr:
			if isRequireOf(o, "panto") {
				return "panto." + k.Value
			}
		}
	}
	return ""
}

func isRequireOf(c *ast.CallExpr, module string) bool {
	n, ok := c.Fn.(*ast.NameExpr)
	if !ok || n.Name != "require" || len(c.Args) != 1 {
		return false
	}
	s, ok := c.Args[0].(*ast.StringExpr)
	return ok && s.Value == module
}

// checkMember records X.name where X is a panto table without name. It
// is called only where the member is used (called, or indexed further),
// never for a plain read: `if panto.ext.run_foreground then` is how an
// extension asks whether a function exists.
func (s *scanner) checkMember(e ast.Expr) {
	ix, ok := e.(*ast.IndexExpr)
	if !ok {
		return
	}
	k, ok := ix.Key.(*ast.StringExpr)
	if !ok {
		return
	}
	table := apiTable(ix.Obj)
	if table == "" {
		return
	}
	t := abi.Get().Table(table)
	if t == nil {
		return
	}
	names := t.Names()
	if table == "panto" {
		names = append(names, "ext", "text")
	}
	for _, n := range names {
		if n == k.Value {
			return
		}
	}
	m := apiMiss{table: table, name: k.Value}
	m.line, m.col = s.pos(k.Pos)
	s.misses = append(s.misses, m)
}

func missMessage(m apiMiss) string {
	spec := abi.Get()
	t := spec.Table(m.table)
	names := t.Names()
	if m.table == "panto" {
		names = append(names, "ext", "text")
	}
	msg := fmt.Sprintf("%s has no '%s'", m.table, m.name)
	for _, f := range spec.ForeignFunctions {
		if f.Name == m.name {
			if f.Use != "" {
				return msg + fmt.Sprintf("; did you mean '%s'?", f.Use)
			}
			return msg + " (" + f.Hint + ")"
		}
	}
	if sug := diag.Suggest(m.name, names); sug != "" {
		return msg + fmt.Sprintf("; did you mean '%s'?", sug)
	}
	return msg + fmt.Sprintf(" (ABI %s: %s)", spec.Version, strings.Join(names, ", "))
}

// builtinModule reports what require finds without the extension's own
// files: the standard libraries and the host's modules.
func builtinModule(name string) bool {
	switch name {
	case "string", "table", "math", "io", "os", "coroutine",
		"utf8", "debug", "package", "_G",
		"panto", "panto.std", "luv":
		return true
	}
	return false
}

// checkRequires reports literal requires an entry's code cannot resolve:
// not a module of the entry, not built in, not installed as a rock. A
// file that touches package.path or package.preload is left alone, since
// it may provide the module itself.
func (b *build) checkRequires(u *unit) {
	if u.facts.dynamicRequire {
		return
	}
	own := map[string]bool{}
	var names []string
	for _, m := range u.entry.Modules {
		own[m.Name] = true
		names = append(names, m.Name)
	}
	sort.Strings(names)
	tree := ""
	if len(b.setups) > 0 {
		tree = b.setups[0].RocksTree
	}
	for _, r := range u.facts.requires {
		if own[r.name] || builtinModule(r.name) || rockInstalled(tree, r.name) {
			continue
		}
		msg := fmt.Sprintf("require(%q) cannot resolve: it is not ", r.name)
		if u.entry.Folder {
			msg += "a .lua file below the extension's folder"
		} else {
			msg += "an underscore helper beside the file (_name.lua)"
		}
		if len(names) > 0 {
			msg += " (" + strings.Join(names, ", ") + ")"
		}
		msg += ", a standard library, panto, panto.std or luv"
		if tree != "" {
			msg += ", or a rock in the rocks tree (list it under [extensions] rocks and run `panto extension update`)"
		}
		if sug := diag.Suggest(r.name, names); sug != "" {
			msg += fmt.Sprintf("; did you mean %q?", sug)
		}
		b.warn(diag.Diagnostic{File: u.module.Source, Line: r.line, Column: r.col, Message: msg})
	}
}

func rockInstalled(tree, name string) bool {
	if tree == "" {
		return false
	}
	rel := filepath.FromSlash(strings.ReplaceAll(name, ".", "/"))
	share := filepath.Join(tree, "share", "lua", "5.4")
	for _, p := range []string{rel + ".lua", filepath.Join(rel, "init.lua")} {
		if _, err := os.Stat(filepath.Join(share, p)); err == nil {
			return true
		}
	}
	return false
}

func uniq(list []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func article(noun string) string {
	if noun != "" && strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}

// checkStandard reports entries and declarations named like a standard
// tool. An entry of the same name overrides the tool (a warning, since
// that is how a layer replaces one, but easy to do by accident); a tool
// declared under that name by an entry of another name would collide
// with the standard one at run time.
func (b *build) checkStandard(base *discover.Layer) {
	std := map[string]string{}
	for _, e := range base.Entries {
		std[e.Name] = e.Main.Source
	}
	for _, u := range b.units {
		if u.main {
			if src, ok := std[u.entry.Name]; ok {
				b.warn(diag.Diagnostic{File: u.module.Source, Line: u.facts.ReturnLine, Column: u.facts.ReturnCol, Message: fmt.Sprintf("entry '%s' overrides the standard tool '%s' (%s) in every session that loads this layer", u.entry.Name, u.entry.Name, src)})
			}
		}
		for _, d := range u.facts.decls {
			src, ok := std[d.name]
			if !ok || d.contract != "tool" || d.name == u.entry.Name {
				continue
			}
			b.warn(diag.Diagnostic{File: u.module.Source, Line: d.line, Column: d.col, Message: fmt.Sprintf("tool '%s' is also a standard tool (%s): registered from entry '%s' it is a duplicate at run time; name the entry '%s' to override the standard one, or choose another name", d.name, src, u.entry.Name, d.name)})
		}
	}
}
