package build

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"panto/compiler/ast"
	"panto/diag"
	"panto/extension/abi"
)

// The ABI checks look at what the source says literally — a string
// argument, a table constructor — and stay silent about anything
// computed, so they never warn about a correct program. They catch the
// mistakes that otherwise only show when the bundle runs, if ever: a
// misspelt event name subscribes to an event that never fires, and a tool
// declaration without a schema is refused at activation.

// facts is what one file tells the checks.
type facts struct {
	ons      []literal // panto.ext.on("name", ...)
	emits    []literal // panto.ext.emit("name", ...)
	decls    []decl
	fields   []fieldIssue // unknown keys of declaration tables
	misses   []apiMiss    // panto.ext.register_tol(...)
	requires []requireLit
	// dynamicRequire is set when the file changes package.path or
	// package.preload: its requires may resolve in ways a reader cannot
	// see.
	dynamicRequire bool
	// ReturnLine and ReturnCol locate the main file's final return
	// statement (0 when there is none): a problem with what the file
	// returned, found by running it, is reported there.
	ReturnLine, ReturnCol int
}

type literal struct {
	name      string
	line, col int
}

// decl is a literal declaration: a tool, command or protocol table.
type decl struct {
	contract string // "tool", "command", "protocol"
	form     string // how it was declared, for messages
	name     string // "" unless name = "literal"
	missing  []string
	line     int
	col      int
}

// registerContract maps a register function to the ABI contract of what
// it registers ("" and false for another function).
func registerContract(fn string) (string, bool) {
	switch fn {
	case "register_tool":
		return "tool", true
	case "register_command":
		return "command", true
	case "register_protocol":
		return "protocol", true
	}
	return "", false
}

// scan walks a chunk. main says whether the file is an entry's main file,
// whose top-level return may be a tool declaration (the sugar form).
func scan(chunk *ast.Chunk, main bool) facts {
	s := &scanner{file: chunk.File}
	if main {
		s.sugar(chunk.Block)
	}
	walk(chunk.Block, s.visit)
	return s.facts
}

type scanner struct {
	file *diag.File
	facts
}

func (s *scanner) pos(p ast.Pos) (int, int) { return s.file.Line(p), s.file.Column(p) }

// sugar recognises `return { name = ..., handler = ... }` and
// `return { {...}, {...} }` at the end of an entry's main file, classified
// as the host classifies them: a table with activate is an entry, one with
// handler a tool declaration.
func (s *scanner) sugar(b *ast.Block) {
	if len(b.Stmts) == 0 {
		return
	}
	ret, ok := b.Stmts[len(b.Stmts)-1].(*ast.ReturnStmt)
	if !ok {
		return
	}
	s.ReturnLine, s.ReturnCol = s.pos(ret.Pos)
	if len(ret.Exprs) != 1 {
		return
	}
	t, ok := ret.Exprs[0].(*ast.TableExpr)
	if !ok {
		return
	}
	if s.returned(t) {
		return
	}
	for _, f := range t.Fields {
		if f.Key != nil {
			continue
		}
		if elem, ok := f.Value.(*ast.TableExpr); ok {
			s.returned(elem)
		}
	}
}

// returned checks one returned table; it reports whether the table was an
// entry or a declaration (so not a list of them).
func (s *scanner) returned(t *ast.TableExpr) bool {
	keys, complete := tableKeys(t)
	has := func(k string) bool { return keys[k] != nil && !isNil(keys[k]) }
	switch {
	case has("activate"):
		s.checkFields(t, "entry", "returned entry")
		return true
	case has("handler"):
		s.declare(t, "tool", "returned tool declaration", keys, complete)
		return true
	case len(keys) > 0:
		// Neither an entry nor a declaration: a misspelt activate or
		// handler, or another agent's field names. Each key is compared
		// with both shapes.
		before := len(s.fields)
		s.checkFields(t, "", "returned table (neither an entry { name, activate } nor a tool declaration { name, description, schema, handler })")
		if len(s.fields) == before {
			is := fieldIssue{form: "returned table is neither an entry { name, activate } nor a tool declaration { name, description, schema, handler }: it has no 'activate' function and no 'handler' function"}
			is.line, is.col = s.pos(t.Pos)
			s.fields = append(s.fields, is)
		}
		return true
	}
	return false
}

func (s *scanner) declare(t *ast.TableExpr, contract, form string, keys map[string]ast.Expr, complete bool) {
	d := decl{contract: contract, form: form}
	d.line, d.col = s.pos(t.Pos)
	if n, ok := keys["name"].(*ast.StringExpr); ok {
		d.name = n.Value
	}
	if complete {
		for _, f := range required(contract) {
			if v, ok := keys[f]; !ok || isNil(v) {
				d.missing = append(d.missing, f)
			}
		}
	}
	s.decls = append(s.decls, d)
	s.checkFields(t, contract, form)
	if contract == "tool" {
		s.checkEffects(keys["effects"], form)
	}
}

// checkEffects reports the literal effect names of a tool declaration
// that the ABI does not have ({ "writes" }), where the host would refuse
// the registration.
func (s *scanner) checkEffects(e ast.Expr, form string) {
	t, ok := e.(*ast.TableExpr)
	if !ok {
		return
	}
	known := abi.Get().ToolEffects()
	for _, f := range t.Fields {
		v, ok := f.Value.(*ast.StringExpr)
		if f.Key != nil || !ok || slices.Contains(known, v.Value) {
			continue
		}
		msg := fmt.Sprintf("%s: unknown effect '%s' (the effects are %s)", form, v.Value, strings.Join(known, ", "))
		if sug := diag.Suggest(v.Value, known); sug != "" {
			msg = fmt.Sprintf("%s: unknown effect '%s'; did you mean '%s'?", form, v.Value, sug)
		}
		is := fieldIssue{form: msg}
		is.line, is.col = s.pos(v.Pos)
		s.fields = append(s.fields, is)
	}
}

func (s *scanner) visit(n ast.Node) {
	switch x := n.(type) {
	case *ast.IndexExpr:
		s.checkMember(x.Obj) // panto.ext.jsn.decode
	case *ast.MethodCallExpr:
		s.checkMember(x.Obj)
	case *ast.AssignStmt:
		for _, t := range x.Targets {
			if touchesPackage(t) {
				s.dynamicRequire = true
			}
		}
	}
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return
	}
	s.checkMember(call.Fn)
	if name, ok := call.Fn.(*ast.NameExpr); ok && name.Name == "require" && len(call.Args) == 1 {
		if str, ok := call.Args[0].(*ast.StringExpr); ok {
			r := requireLit{name: str.Value}
			r.line, r.col = s.pos(str.Pos)
			s.requires = append(s.requires, r)
		}
	}
	if len(call.Args) == 0 {
		return
	}
	fn := apiFunction(call.Fn)
	switch fn {
	case "on", "emit":
		if str, ok := call.Args[0].(*ast.StringExpr); ok {
			l := literal{name: str.Value}
			l.line, l.col = s.pos(str.Pos)
			if fn == "on" {
				s.ons = append(s.ons, l)
			} else {
				s.emits = append(s.emits, l)
			}
		}
	case "register_tool", "register_command", "register_protocol":
		if t, ok := call.Args[0].(*ast.TableExpr); ok {
			keys, complete := tableKeys(t)
			contract, _ := registerContract(fn)
			s.declare(t, contract, fn+" { ... }", keys, complete)
		}
	}
}

// apiFunction returns the panto.ext function a call's callee names, or
// "": X.ext.f (panto.ext.f, require("panto").ext.f), a local alias
// ext.f, or a bare register_* (local register_tool =
// panto.ext.register_tool). on and emit are too common as bare names to
// be recognised alone.
func apiFunction(fn ast.Expr) string {
	switch f := fn.(type) {
	case *ast.IndexExpr:
		key, ok := f.Key.(*ast.StringExpr)
		if !ok {
			return ""
		}
		switch obj := f.Obj.(type) {
		case *ast.IndexExpr:
			if k, ok := obj.Key.(*ast.StringExpr); !ok || k.Value != "ext" {
				return ""
			}
		case *ast.NameExpr:
			if obj.Name != "ext" {
				return ""
			}
		default:
			return ""
		}
		return key.Value
	case *ast.NameExpr:
		if _, ok := registerContract(f.Name); ok {
			return f.Name
		}
	}
	return ""
}

// touchesPackage reports whether an assignment target is package.path,
// package.preload or below them.
func touchesPackage(e ast.Expr) bool {
	for {
		ix, ok := e.(*ast.IndexExpr)
		if !ok {
			return false
		}
		if n, ok := ix.Obj.(*ast.NameExpr); ok && n.Name == "package" {
			k, ok := ix.Key.(*ast.StringExpr)
			return ok && (k.Value == "path" || k.Value == "preload" || k.Value == "searchers")
		}
		e = ix.Obj
	}
}

// tableKeys lists a constructor's constant string keys. complete is
// false when some key is computed ([k] = v), since that key might be any
// of the required fields.
func tableKeys(t *ast.TableExpr) (keys map[string]ast.Expr, complete bool) {
	keys = map[string]ast.Expr{}
	complete = true
	for _, f := range t.Fields {
		switch k := f.Key.(type) {
		case nil:
		case *ast.StringExpr:
			keys[k.Value] = f.Value
		case *ast.NumberExpr, *ast.TrueExpr, *ast.FalseExpr:
		default:
			complete = false
		}
	}
	return keys, complete
}

func isNil(e ast.Expr) bool {
	_, ok := e.(*ast.NilExpr)
	return ok
}

// required returns a contract's required fields from the ABI description.
func required(contract string) []string {
	c := abi.Get().Contracts[contract]
	list, _ := c["required"].([]any)
	var out []string
	for _, f := range list {
		if s, ok := f.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// checkABI runs the checks that need the whole bundle: event names are
// checked against the ABI's catalogue plus every custom event the bundle
// emits, and names against every other declaration.
func (b *build) checkABI() {
	spec := abi.Get()
	custom := map[string]bool{}
	for _, e := range spec.EventObject.CustomEvents {
		custom[e] = true
	}
	for _, u := range b.units {
		for _, e := range u.facts.emits {
			custom[e.name] = true
		}
	}
	var known []string
	for _, e := range spec.Events {
		known = append(known, e.Name)
	}
	sort.Strings(known) // suggestions must not depend on catalogue order
	type first struct {
		file      string
		line, col int
	}
	seen := map[string]first{} // "tool:name" -> first declaration
	for _, u := range b.units {
		f := &u.facts
		for _, on := range f.ons {
			if spec.Event(on.name) != nil || custom[on.name] {
				continue
			}
			msg := fmt.Sprintf("panto.ext.on: unknown event %q: neither a host event (ABI %s) nor emitted anywhere in the bundle", on.name, spec.Version)
			if s := diag.Suggest(on.name, known); s != "" {
				msg += fmt.Sprintf("; did you mean %q?", s)
			}
			b.warn(diag.Diagnostic{File: u.module.Source, Line: on.line, Column: on.col, Message: msg})
		}
		for _, em := range f.emits {
			if spec.Event(em.name) != nil {
				b.warn(diag.Diagnostic{File: u.module.Source, Line: em.line, Column: em.col,
					Message: fmt.Sprintf("panto.ext.emit: %q is a host event, which extensions cannot emit", em.name)})
			}
		}
		for _, is := range f.fields {
			b.warn(diag.Diagnostic{File: u.module.Source, Line: is.line, Column: is.col, Message: fieldMessage(is)})
		}
		for _, m := range f.misses {
			b.warn(diag.Diagnostic{File: u.module.Source, Line: m.line, Column: m.col, Message: missMessage(m)})
		}
		b.checkRequires(u)
		for _, d := range f.decls {
			if len(d.missing) > 0 {
				b.warn(diag.Diagnostic{File: u.module.Source, Line: d.line, Column: d.col, Message: fmt.Sprintf("%s lacks required %s %s (a %s needs %s)",
					d.form, plural(len(d.missing), "field", "fields"), quoteList(d.missing), d.contract, strings.Join(required(d.contract), ", "))})
			}
			if d.name == "" || d.contract == "protocol" {
				continue
			}
			key := d.contract + ":" + d.name
			if prev, ok := seen[key]; ok {
				b.warn(diag.Diagnostic{File: u.module.Source, Line: d.line, Column: d.col,
					Message: fmt.Sprintf("duplicate %s name %q: already declared at %s:%d:%d", d.contract, d.name, prev.file, prev.line, prev.col)})
				continue
			}
			seen[key] = first{u.module.Source, d.line, d.col}
		}
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func quoteList(list []string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = "'" + s + "'"
	}
	return strings.Join(q, ", ")
}
