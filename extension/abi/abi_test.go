package abi

import (
	"flag"
	"os"
	"panto/compiler/parser"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestVersionMatchesDescription: the Version constant is abi.json's.
func TestVersionMatchesDescription(t *testing.T) {
	if Version != Get().Version {
		t.Errorf("Version = %s, abi.json says %s", Version, Get().Version)
	}
}

func TestVersion(t *testing.T) {
	for _, c := range []struct {
		host, bundle string
		ok           bool
		msg          string
	}{
		{"1.0.0", "1.0.0", true, ""},
		{"1.3.0", "1.2.9", true, ""},
		{"1.2.0", "1.2.5", true, ""},
		{"1.2.0", "1.3.0", false, "bundle needs ABI 1.3.0 but this host implements ABI 1.2.0 (the bundle uses a newer minor version)"},
		{"1.2.0", "2.0.0", false, "bundle needs ABI 2.0.0 but this host implements ABI 1.2.0 (major versions differ)"},
		{"2.0.0", "1.9.0", false, "major versions differ"},
		{"1.0.0", "1.0", false, `ABI version "1.0" is not MAJOR.MINOR.PATCH`},
		{"1.0.0", "01.0.0", false, "not MAJOR.MINOR.PATCH"},
		{"1.0.0", "1.0.0-rc1", false, "not MAJOR.MINOR.PATCH"},
	} {
		t.Run(c.bundle+" on "+c.host, func(t *testing.T) {
			err := CompatibleWith(c.host, c.bundle)
			if (err == nil) != c.ok || (err != nil && !strings.Contains(err.Error(), c.msg)) {
				t.Errorf("CompatibleWith(%s, %s) = %v", c.host, c.bundle, err)
			}
		})
	}
	if err := Compatible(Version); err != nil {
		t.Error(err)
	}
}

func TestCatalogue(t *testing.T) {
	s := Get()
	writable := map[string]bool{}
	for _, e := range s.Events {
		for _, f := range e.Fields {
			if f.Writable {
				writable[e.Name+"."+f.Name] = true
			}
			switch f.Type {
			case "string", "integer", "boolean", "table":
			default:
				t.Errorf("%s.%s: unknown type %q", e.Name, f.Name, f.Type)
			}
		}
	}
	// The spec names exactly three writable fields; ABI 1.2 adds the
	// permission vote of tool_permission.
	if len(writable) != 5 || !writable["user_message.text"] || !writable["tool_call_complete.input"] || !writable["tool_result.output"] ||
		!writable["tool_permission.decision"] || !writable["tool_permission.reason"] {
		t.Errorf("writable fields %v", writable)
	}
	for _, name := range []string{"tool", "tool_details", "tool_delta", "tool_call_complete", "tool_result", "tool_collapse",
		"tool_dispatch_start", "tool_output_delta", "thinking_delta", "thinking_complete", "assistant_text_delta",
		"assistant_text_complete", "user_message", "session_ready", "session_end", "command_start", "command_end",
		"turn_start", "turn_end"} {
		if s.Event(name) == nil {
			t.Errorf("event %s is missing", name)
		}
	}
	// Notifications have no default component; tool events all expose
	// collapsed.
	for _, e := range s.Events {
		// tool_permission is a vote, not something drawn.
		notification := strings.HasPrefix(e.Name, "session_") || strings.HasPrefix(e.Name, "command_") || strings.HasPrefix(e.Name, "turn_") ||
			e.Name == "tool_permission"
		if notification == e.Component {
			t.Errorf("%s: component = %v", e.Name, e.Component)
		}
		if strings.HasPrefix(e.Name, "tool") && e.Field("collapsed") == nil {
			t.Errorf("%s lacks collapsed", e.Name)
		}
		if strings.HasSuffix(e.Name, "_complete") && e.Field("delta") != nil {
			t.Errorf("%s must omit delta", e.Name)
		}
	}
	if s.Function("panto.ext.register_tool") == nil || s.Function("panto.text.wrap") == nil {
		t.Error("function index broken")
	}
}

var update = flag.Bool("update", false, "rewrite the generated part of docs/abi.md")

const (
	beginMark = "<!-- BEGIN GENERATED from extension/abi/abi.json: go test ./extension/abi -run TestDocs -update -->\n"
	endMark   = "<!-- END GENERATED -->\n"
)

// TestDocs keeps docs/abi.md's reference section equal to what the
// description renders.
func TestDocs(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "abi.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	i, j := strings.Index(doc, beginMark), strings.Index(doc, endMark)
	if i < 0 || j < i {
		t.Fatalf("%s lacks the generated section markers", path)
	}
	want := doc[:i+len(beginMark)] + Get().Markdown() + doc[j:]
	if want == doc {
		return
	}
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is out of date with abi.json: run go test ./extension/abi -run TestDocs -update", path)
}

// TestStubs keeps the checked-in LuaLS stubs equal to what abi.json
// renders: a change to the description that does not regenerate them
// fails here.
func TestStubs(t *testing.T) {
	path := filepath.Join("stubs", "panto.lua")
	want := Get().LuaStubs()
	data, err := os.ReadFile(path)
	if err == nil && string(data) == want {
		return
	}
	if *update {
		if err := os.MkdirAll("stubs", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is out of date with abi.json: run go test ./extension/abi -run TestStubs -update", path)
}

// TestStubsParse checks that the stubs are Lua the language server (and
// our own parser) reads.
func TestStubsParse(t *testing.T) {
	if _, err := parser.Parse("@stubs/panto.lua", Get().LuaStubs()); err != nil {
		t.Fatal(err)
	}
}

// TestTypes checks the declarations against the contracts that name them.
func TestTypes(t *testing.T) {
	s := Get()
	for name, c := range s.Contracts {
		typ := s.ContractType(name)
		req, _ := c["required"].([]any)
		if typ == nil {
			if len(req) > 0 {
				t.Errorf("contract %s has required fields but no type", name)
			}
			continue
		}
		for _, r := range req {
			f := typ.Field(r.(string))
			if f == nil || f.Optional {
				t.Errorf("contract %s requires %v, which %s lacks or makes optional", name, r, typ.Name)
			}
		}
		for _, f := range typ.Foreign {
			if f.Use != "" && typ.Field(f.Use) == nil {
				t.Errorf("%s: foreign %s points at %s, which is not a field", typ.Name, f.Name, f.Use)
			}
		}
	}
}

// ToolEffects, which the host uses without parsing the description, is
// the tool contract's list.
func TestToolEffectsMatchDescription(t *testing.T) {
	want := Get().ToolEffects()
	if len(want) == 0 {
		t.Fatal("the description lists no tool effects")
	}
	if got := ToolEffects(); !slices.Equal(got, want) {
		t.Fatalf("ToolEffects() = %q, abi.json says %q", got, want)
	}
}

// LookupEvent, which reads the generated events table, finds every event the full
// parse has, equal field by field, and nothing else.
func TestLookupEventMatchesDescription(t *testing.T) {
	spec := Get()
	if len(spec.Events) == 0 {
		t.Fatal("the description has no events")
	}
	for i := range spec.Events {
		want := &spec.Events[i]
		got := LookupEvent(want.Name)
		if got == nil {
			t.Errorf("LookupEvent(%q) = nil", want.Name)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("LookupEvent(%q) = %+v, the full parse has %+v", want.Name, got, want)
		}
	}
	if len(eventsByName()) != len(spec.Events) {
		t.Errorf("LookupEvent knows %d events, the description %d", len(eventsByName()), len(spec.Events))
	}
	if LookupEvent("no_such_event") != nil {
		t.Error("LookupEvent found an event the description does not have")
	}
}
