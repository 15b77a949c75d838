package host

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"panto/diag"
	"panto/extension/abi"

	"panto/extension/discover"
	"panto/runtime"
)

// item is one thing a source returned: an entry to activate or a tool
// declaration to register.
type item struct {
	es       *entryState
	name     string
	decl     *runtime.Table
	activate runtime.Value // nil for a tool declaration
	where    *chunkWhere   // the source's chunk, to position a refused declaration
}

// load evaluates every source, then activates what they returned. All
// sources are evaluated before any is activated, as the spec orders, so
// that activation order never depends on evaluation side effects; a source
// that fails either step is reported with its file and line and the
// others carry on.
func (h *Host) load(ctx context.Context) {
	defer h.vm.enter(ctx)()
	// Evaluation and activation have a budget of their own.
	if b, own := h.loadBudget(); own {
		h.vm.loop.SetBudget(b)
		defer func() {
			h.vm.loop.SetBudget(h.opts.Budget)
			if h.opts.Budget == 0 {
				// The loop leaves a state's budget alone when it has
				// none of its own: what the last load slice left of
				// the load's budget must not bound the handlers.
				h.vm.L.SetBudget(0)
			}
		}()
	}
	res := h.setup.Resolve()
	for _, s := range res.Shadowed {
		h.skipped = append(h.skipped, Skip{Name: s.Entry.Name, Source: s.Entry.Main.Source, Reason: "shadowed by " + s.By.Main.Source})
	}
	var items []item
	for _, e := range res.Entries {
		if h.cfg.Denied(e.Name) {
			h.skipped = append(h.skipped, Skip{Name: e.Name, Source: e.Main.Source, Reason: "denied by [extensions] deny"})
			continue
		}
		items = append(items, h.evaluate(ctx, e)...)
	}
	for _, it := range items {
		if !h.cfg.Allowed(it.es.entry.Name, it.name) {
			reason := "not in [extensions] allow"
			if h.cfg.Denied(it.name) {
				reason = "denied by [extensions] deny"
			}
			h.skipped = append(h.skipped, Skip{Name: it.name, Source: it.es.entry.Main.Source, Reason: reason})
			continue
		}
		h.activate(ctx, it)
	}
}

// evaluate runs one source file and returns its declarations.
func (h *Host) evaluate(ctx context.Context, e *discover.Entry) []item {
	v := h.vm
	es := v.newEntryState(e)
	src := e.Main.Source
	fn, err := v.loadModule(e, e.Main)
	if err != nil {
		h.report(loadProblem(src, err))
		return nil
	}
	results, err := v.loop.CallDriven(ctx, fn, runtime.String(e.Name), runtime.String(src))
	if err != nil {
		h.report(problemAt(StageEvaluate, src, "", h.loadError(err)))
		return nil
	}
	ret := runtime.Nil
	if len(results) > 0 {
		ret = results[0]
	}
	where := &chunkWhere{L: v.L, fn: fn, read: func() ([]byte, error) { return readFile(e, e.Main) }}
	items, err := classify(es, ret, where)
	if err != nil {
		if e.Origin == discover.Rock {
			// A rock that is not an extension is a library the others
			// require: keep what it returned as require would.
			if ret.IsNil() {
				ret = runtime.True
			}
			v.L.Loaded().SetStr(e.Name, ret)
			return nil
		}
		p := problemAt(StageEvaluate, src, "", err.Error())
		if se, ok := err.(*shapeError); ok && p.Line == 0 {
			p.Line = se.line
		}
		h.report(p)
		return nil
	}
	return items
}

// shapeError is what a source returned that is not an entry, a tool
// declaration or a list of them, and the line where the chunk writes the
// part at fault (0 when unknown).
type shapeError struct {
	msg  string
	line int
}

func (e *shapeError) Error() string { return e.msg }

func shapeErrorf(line int, format string, args ...any) *shapeError {
	return &shapeError{msg: fmt.Sprintf(format, args...), line: line}
}

// classify checks the shape of what a source returned; an error is a
// *shapeError positioned by where.
func classify(es *entryState, v runtime.Value, where *chunkWhere) ([]item, error) {
	t := v.AsTable()
	if t == nil {
		return nil, shapeErrorf(where.returned(), "returned %s; a source must return an entry { name, activate }, a tool declaration { name, description, schema, handler }, or a list of them", describe(v))
	}
	if it, ok, err := classifyOne(es, t, where); ok || err != nil {
		if err != nil {
			return nil, err
		}
		return []item{it}, nil
	}
	n, dense := isDenseArray(t)
	if n == 0 || !dense {
		hint, line := shapeHint(t, where)
		if line == 0 {
			line = where.returned()
		}
		return nil, shapeErrorf(line, "returned a table that is neither an entry { name, activate }, a tool declaration { name, description, schema, handler }, nor a list of them%s", hint)
	}
	items := make([]item, 0, n)
	for i := int64(1); i <= n; i++ {
		elem := t.GetInt(i).AsTable()
		if elem == nil {
			return nil, shapeErrorf(where.returned(), "item %d of the returned list is %s, not an entry or a tool declaration", i, describe(t.GetInt(i)))
		}
		it, ok, err := classifyOne(es, elem, where)
		if err != nil {
			se := err.(*shapeError)
			return nil, shapeErrorf(se.line, "item %d: %s", i, se.msg)
		}
		if !ok {
			hint, line := shapeHint(elem, where)
			if line == 0 {
				line = where.returned()
			}
			return nil, shapeErrorf(line, "item %d of the returned list is neither an entry { name, activate } nor a tool declaration%s", i, hint)
		}
		items = append(items, it)
	}
	return items, nil
}

// classifyOne recognises an entry (it has activate) or a tool declaration
// (it has handler); anything else is not one of them (ok false).
func classifyOne(es *entryState, t *runtime.Table, where *chunkWhere) (it item, ok bool, err error) {
	name := t.GetStr("name")
	act := t.GetStr("activate")
	switch {
	case !act.IsNil():
		if !name.IsString() || name.AsString() == "" {
			return item{}, true, shapeErrorf(where.field("activate"), "an entry needs a non-empty string 'name'")
		}
		if !act.IsFunction() {
			return item{}, true, shapeErrorf(where.field("activate"), "entry '%s': 'activate' must be a function, got %s", name.AsString(), act.TypeName())
		}
		return item{es: es, name: name.AsString(), decl: t, activate: act, where: where}, true, nil
	case !t.GetStr("handler").IsNil():
		n := ""
		if name.IsString() {
			n = name.AsString()
		}
		return item{es: es, name: n, decl: t, where: where}, true, nil
	}
	return item{}, false, nil
}

// activate runs an entry's activate() or registers a tool declaration.
// A failure drops whatever the entry registered before it failed, and
// nothing its file's other entries and declarations registered.
func (h *Host) activate(ctx context.Context, it item) {
	v := h.vm
	var siblings map[any]bool
	if it.es.activated {
		siblings = v.reg.owned(it.es)
	}
	it.es.activated = true
	v.activating = it.es
	defer func() { v.activating = nil }()
	src := it.es.entry.Main.Source
	var err error
	if it.activate.IsNil() {
		reg := runtime.NewFunction("register_tool", func(L *runtime.State) int {
			v.registerTool(L, it.decl, src)
			return 0
		})
		_, err = v.loop.CallSync(ctx, reg)
	} else {
		_, err = v.loop.CallDriven(ctx, it.activate)
	}
	if err != nil {
		v.reg.dropOwner(it.es, siblings)
		subject := "entry '" + it.name + "'"
		if it.activate.IsNil() {
			subject = "tool declaration"
		}
		p := problemAt(StageActivate, src, subject, h.loadError(err))
		if p.Line == 0 && it.activate.IsNil() && it.where != nil {
			// register_tool refused the declaration the file returned:
			// no Lua code raised, so the line is the declaration's.
			p.Line = it.where.declaration(it.name)
			if p.Line == 0 {
				p.Line = it.where.returned()
			}
		}
		h.report(p)
	}
}

// describe names a value's type for messages: "nil", "a string".
func describe(v runtime.Value) string {
	switch v.Type() {
	case runtime.TypeNil:
		return "nothing"
	case runtime.TypeUserdata:
		return "a userdata"
	}
	return "a " + v.TypeName()
}

// shapeHint explains why a returned table is no entry and no tool
// declaration: a misspelt field (handeler, activte) or the name another
// agent's API uses (bone's execute), found from the ABI's declaration
// types, each as the build words it (": unknown field 'handeler'; did
// you mean 'handler'?"). line is where the chunk sets the first of those
// fields; the others name their lines when they are on others. It returns "" when no field
// looks like one.
func shapeHint(t *runtime.Table, where *chunkWhere) (hint string, line int) {
	spec := abi.Get()
	types := []*abi.Type{spec.ContractType("entry"), spec.ContractType("tool")}
	var names []string
	for _, typ := range types {
		for _, f := range typ.Fields {
			names = append(names, f.Name)
		}
	}
	type fieldHint struct {
		key, text string
		line      int
	}
	var hints []fieldHint
	for k, _, ok := t.Next(runtime.Nil); ok && !k.IsNil(); k, _, ok = t.Next(k) {
		if !k.IsString() {
			continue
		}
		key := k.AsString()
		known := false
		for _, typ := range types {
			if typ.Field(key) != nil {
				known = true
			}
		}
		if known {
			continue
		}
		foreign := foreignName(types, key)
		text := ""
		switch {
		case foreign != nil:
			text = fmt.Sprintf("unknown field '%s' (%s)", key, foreign.Hint)
		default:
			if sug := diag.Suggest(key, names); sug != "" {
				text = fmt.Sprintf("unknown field '%s'; did you mean '%s'?", key, sug)
			}
		}
		if text != "" {
			hints = append(hints, fieldHint{key: key, text: text, line: where.field(key)})
		}
	}
	if len(hints) == 0 {
		return "", 0
	}
	sort.Slice(hints, func(i, j int) bool {
		if hints[i].line != hints[j].line {
			return hints[i].line < hints[j].line
		}
		return hints[i].key < hints[j].key
	})
	var b strings.Builder
	for i, h := range hints {
		switch {
		case i == 0:
			b.WriteString(": ")
		case h.line > 0 && h.line != hints[i-1].line:
			fmt.Fprintf(&b, "; line %d: ", h.line)
		default:
			b.WriteString("; ")
		}
		b.WriteString(h.text)
	}
	return b.String(), hints[0].line
}

// foreignName is what the first of types that knows key as another
// agent's name says about it, or nil: the entry's word is the one a
// returned table most likely meant, so it wins over the tool's.
func foreignName(types []*abi.Type, key string) *abi.Foreign {
	for _, typ := range types {
		if f := typ.ForeignName(key); f != nil {
			return f
		}
	}
	return nil
}

// DefaultLoadBudget is the budget of each evaluation and activation when
// Options.LoadBudget is 0: VM ticks (calls and backward jumps, and Go
// library work), far more than any activation needs, and what a tight
// endless loop uses up in about a second.
const DefaultLoadBudget = 200_000_000

// loadBudget is the budget of each evaluation and activation, and whether
// it is the load's own: Options.Budget applies when it is the smaller.
func (h *Host) loadBudget() (int64, bool) {
	b := h.opts.LoadBudget
	switch {
	case b < 0:
		return 0, false
	case b == 0:
		b = DefaultLoadBudget
	}
	if all := h.opts.Budget; all > 0 && all <= b {
		return all, false
	}
	return b, true
}

// loadError is the message of a failed evaluation or activation, with a
// hint when the load's own budget stopped it.
func (h *Host) loadError(err error) string {
	msg := firstLine(err.Error())
	if b, own := h.loadBudget(); own && strings.Contains(msg, "instruction budget exhausted") {
		msg += fmt.Sprintf(" (evaluation and activation get %d VM ticks each: an endless loop?)", b)
	}
	return msg
}

// timeoutError is what a call that ran past Options.CallTimeout fails
// with.
func (h *Host) timeoutError(d time.Duration) error {
	if h.opts.TimeoutName != "" {
		return fmt.Errorf("ran past %s %s", h.opts.TimeoutName, d)
	}
	return fmt.Errorf("ran past its time limit of %s", d)
}
