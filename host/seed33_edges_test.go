package host

import (
	"slices"
	"strings"
	"testing"

	"panto/diag"
	"panto/extension/abi"
	"panto/runtime"
)

// TestOwnModuleReturningNothing: an extension's own module that returns
// nothing and stores nothing in package.loaded gives true to require,
// as Lua's require does, and is loaded once.
func TestOwnModuleReturningNothing(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/m/init.lua": `local a = require("quiet")
local b = require("quiet")
return { name = "m", activate = function() print(a, b, count) end }`,
		"extensions/m/quiet.lua": `count = (count or 0) + 1`,
	})
	th.expectNoProblems(t)
	if got := th.out.String(); got != "true\ttrue\t1\n" {
		t.Errorf("printed %q, want true, true and one load", got)
	}
}

// TestShapeHintSkipsKnownFields: the hint for a refused table names
// only the fields the ABI does not know, never a correct one.
func TestShapeHintSkipsKnownFields(t *testing.T) {
	th := hostWith(t, map[string]string{"extensions/x.lua": `return { name = "x", activte = function() end }`})
	got := th.problems()
	if !strings.Contains(got, "'activte'") || strings.Contains(got, "'name'") {
		t.Errorf("problems:\n%s\nwant a hint for activte alone", got)
	}
}

// TestNoDeclarationFieldLooksLikeAnother: no field name of an entry or a
// tool declaration is a typo of another field name or another agent's
// word, so a refused table that holds only correct fields gets no hint,
// whether or not shapeHint looks them up in the ABI first. A new ABI
// field close to an existing one (input and inputs) fails here: then
// the lookup is what keeps the hint from calling a correct field wrong.
func TestNoDeclarationFieldLooksLikeAnother(t *testing.T) {
	spec := abi.Get()
	types := []*abi.Type{spec.ContractType("entry"), spec.ContractType("tool")}
	var names []string
	for _, typ := range types {
		for _, f := range typ.Fields {
			if !slices.Contains(names, f.Name) {
				names = append(names, f.Name)
			}
		}
	}
	if len(names) < 6 {
		t.Fatalf("the ABI's entry and tool types have only the fields %v", names)
	}
	for _, a := range names {
		if f := foreignName(types, a); f != nil {
			t.Errorf("field %q is also another agent's word: %s", a, f.Hint)
		}
		for _, b := range names {
			if a != b && diag.Suggest(a, []string{b}) != "" {
				t.Errorf("field %q reads as a typo of field %q", a, b)
			}
		}
	}
	all := runtime.NewTable(0, len(names))
	for _, n := range names {
		all.SetStr(n, runtime.String("x"))
	}
	if hint, line := shapeHint(all, &chunkWhere{done: true}); hint != "" || line != 0 {
		t.Errorf("a table of every declaration field gets hint %q at line %d", hint, line)
	}
}

// TestSessionBudgetOfOneBoundsTheLoad: a session Budget of 1 is smaller
// than any load budget, so it bounds evaluation and activation too, and
// the message carries no load-budget hint.
func TestSessionBudgetOfOneBoundsTheLoad(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/loop.lua": "return { name = 'loop', activate = function()\n  local n = 0\n  for i = 1, 10 do n = n + 1 end\nend }\n",
	}, func(o *Options) { o.Budget = 1 })
	got := th.problems()
	if !strings.Contains(got, "extensions/loop.lua: interrupted: instruction budget exhausted") || strings.Contains(got, "VM ticks each") {
		t.Errorf("problems:\n%s\nwant the session budget's exhaustion, without the load-budget hint", got)
	}
}

// TestMetatableWithoutMethods: a userdata type made without methods has
// no __index, so Lua reading a field of it raises an error that names
// the type instead of getting nil; one with methods finds them.
func TestMetatableWithoutMethods(t *testing.T) {
	bare := Metatable("probe.bare", nil, map[string]func(*runtime.State) int{
		"__tostring": func(L *runtime.State) int { L.Push(runtime.String("bare")); return 1 },
	})
	rich := Metatable("probe.rich", map[string]func(*runtime.State) int{
		"size": func(L *runtime.State) int { L.Push(runtime.Int(7)); return 1 },
	}, nil)
	th := hostWith(t, map[string]string{"extensions/u.lua": `local panto = require("panto")
return { name = "u", activate = function()
  local b, r = panto.probe_bare(), panto.probe_rich()
  local ok, err = pcall(function() return b.size end)
  print(tostring(b), ok, err, r:size())
end }`}, func(o *Options) {
		o.Module = func(s *State, mod, ext *runtime.Table) {
			for name, mt := range map[string]*runtime.Table{"probe_bare": bare, "probe_rich": rich} {
				mod.SetStr(name, runtime.NewFunction(name, func(L *runtime.State) int {
					L.Push(runtime.UserdataValue(runtime.NewUserdata(nil, mt)))
					return 1
				}))
			}
		}
	})
	th.expectNoProblems(t)
	got := th.out.String()
	if !strings.HasPrefix(got, "bare\tfalse\t") || !strings.Contains(got, "attempt to index a probe.bare value") || !strings.HasSuffix(got, "\t7\n") {
		t.Errorf("printed %q", got)
	}
}
