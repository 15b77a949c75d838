package host

import (
	"sort"

	"panto/runtime"
	"panto/tui/highlight"
	"panto/tui/termtext"
	"panto/tui/theme"
)

func textWidth(L *runtime.State) int {
	L.Push(runtime.Int(int64(termtext.Width(checkString(L, "width", 1)))))
	return 1
}

func textTruncate(L *runtime.State) int {
	s := checkString(L, "truncate", 1)
	L.PushString(termtext.Truncate(s, checkWidth(L, "truncate", 2)))
	return 1
}

func textWrap(L *runtime.State) int {
	s := checkString(L, "wrap", 1)
	L.Push(stringList(termtext.Wrap(s, checkWidth(L, "wrap", 2))))
	return 1
}

func (v *vm) luaHighlight(L *runtime.State) int {
	body := checkString(L, "highlight", 1)
	slug := ""
	if !L.Arg(2).IsNil() {
		slug = checkString(L, "highlight", 2)
	}
	t := v.h.theme()
	L.PushString(highlight.Highlight(body, slug, func(role string) string { return t.Styles[role] }))
	return 1
}

// luaStyle is style() (the active theme: its styles and its name),
// style(name) (a registered theme's styles, or nil) and style(name,
// values) (register a theme). Styles map role names to escape sequences
// ready to concatenate; values map role names to specs ("bold #ff8800 on
// black") or tables { fg, bg, bold, dim, italic, underline, reverse,
// strike }.
func (v *vm) luaStyle(L *runtime.State) int {
	if L.Arg(1).IsNil() {
		t := v.h.theme()
		L.Push(stylesTable(t), str(t.Name))
		return 2
	}
	name := checkString(L, "style", 1)
	if L.NoValue(2) || L.Arg(2).IsNil() {
		t, ok := v.h.themes.Get(name)
		if !ok {
			L.Push(runtime.Nil)
			return 1
		}
		L.Push(stylesTable(t))
		return 1
	}
	values := checkTable(L, "style", 2)
	specs := map[string]string{}
	for k, val, ok := values.Next(runtime.Nil); ok && !k.IsNil(); k, val, ok = values.Next(k) {
		if !k.IsString() {
			L.Errorf("style: theme '%s': role names must be strings, got %s", name, k.TypeName())
		}
		specs[k.AsString()] = styleSpec(L, name, k.AsString(), val)
	}
	if err := v.h.themes.Register(name, specs); err != nil {
		L.Errorf("style: %v", err)
	}
	L.Push(runtime.True)
	return 1
}

// styleSpec turns a role's value into a spec string.
func styleSpec(L *runtime.State, themeName, role string, val runtime.Value) string {
	if val.IsString() {
		return val.AsString()
	}
	t := val.AsTable()
	if t == nil {
		L.Errorf("style: theme '%s': role '%s' must be a spec string or a table, got %s", themeName, role, val.TypeName())
	}
	var words []string
	for _, attr := range []string{"bold", "dim", "italic", "underline", "reverse", "strike"} {
		if t.GetStr(attr).Truthy() {
			words = append(words, attr)
		}
	}
	if fg := t.GetStr("fg"); fg.IsString() {
		words = append(words, fg.AsString())
	}
	if bg := t.GetStr("bg"); bg.IsString() {
		words = append(words, "on", bg.AsString())
	}
	spec := ""
	for i, w := range words {
		if i > 0 {
			spec += " "
		}
		spec += w
	}
	return spec
}

func stylesTable(t *theme.Theme) runtime.Value {
	roles := make([]string, 0, len(t.Styles))
	for r := range t.Styles {
		roles = append(roles, r)
	}
	sort.Strings(roles)
	out := runtime.NewTable(0, len(roles)+1)
	for _, r := range roles {
		out.SetStr(r, str(t.Styles[r]))
	}
	reset := termtext.Reset
	if t.Plain {
		reset = ""
	}
	out.SetStr("reset", str(reset))
	return runtime.TableValue(out)
}
