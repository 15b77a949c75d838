package host

import (
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// plainCases are schemas with whether plainSchema should take them: the
// keywords and value types of draft 2020-12's meta-schema that it knows,
// and what sends a schema to the compiler at registration.
var plainCases = []struct {
	name, schema string
	plain        bool
}{
	{"empty", `{}`, true},
	{"a standard tool's", `{"type":"object","properties":{"path":{"type":"string","description":"d"},"limit":{"type":"integer","minimum":1,"maximum":100,"default":10},"mode":{"type":"string","enum":["a","b"]},"todos":{"type":"array","items":{"type":"object","properties":{"content":{"type":"string","minLength":1}},"required":["content"]}}},"required":["path"],"additionalProperties":false}`, true},
	{"boolean subschemas", `{"properties":{"a":true,"b":false},"additionalProperties":true,"items":false}`, true},
	{"type list", `{"type":["string","null"]}`, true},
	{"title and default of any kind", `{"title":"t","default":{"x":[1,null]}}`, true},
	{"counts", `{"minLength":0,"maxLength":123456789,"minItems":2,"maxItems":3}`, true},
	{"enum of anything", `{"enum":[1,"a",null,{"x":1},[2]]}`, true},

	{"unknown type name", `{"type":"objekt"}`, false},
	{"empty type list", `{"type":[]}`, false},
	{"repeated type", `{"type":["string","string"]}`, false},
	{"type not a string", `{"type":1}`, false},
	{"minimum as a string", `{"minimum":"one"}`, false},
	{"negative count", `{"minLength":-1}`, false},
	{"fractional count", `{"minLength":1.0}`, false},
	{"exponent count", `{"minItems":1e2}`, false},
	{"huge count", `{"maxLength":1234567890}`, false},
	{"required repeats", `{"required":["a","a"]}`, false},
	{"required not strings", `{"required":[1]}`, false},
	{"properties not an object", `{"properties":[]}`, false},
	{"a property not a schema", `{"properties":{"a":1}}`, false},
	{"enum not an array", `{"enum":"a"}`, false},
	{"description not a string", `{"description":1}`, false},
	{"reference", `{"$ref":"#/$defs/x","$defs":{"x":{}}}`, false},
	{"pattern", `{"pattern":"("}`, false},
	{"format", `{"format":"email"}`, false},
	{"unknown keyword", `{"x-extra":1}`, false},
	{"items as an array", `{"items":[{}]}`, false},
	{"not an object", `[]`, false},
	{"too deep", `{"items":` + strings.Repeat(`{"items":`, plainMaxDepth+1) + `{}` + strings.Repeat(`}`, plainMaxDepth+2), false},
}

func TestPlainSchema(t *testing.T) {
	for _, c := range plainCases {
		t.Run(c.name, func(t *testing.T) {
			doc, err := jsonschema.UnmarshalJSON(strings.NewReader(c.schema))
			if err != nil {
				t.Fatal(err)
			}
			if got := plainSchema(doc, 0); got != c.plain {
				t.Errorf("plainSchema = %v, want %v", got, c.plain)
			}
			// What plainSchema takes, the compiler must accept: its
			// compilation is put off to the first call.
			if c.plain {
				if _, err := compileDoc("t", doc); err != nil {
					t.Errorf("a plain schema does not compile: %v", err)
				}
			}
		})
	}
}

// TestToolSchemaCompiledOnFirstUse: a plain schema is compiled by the
// first validation, not at registration, and validates as the compiled
// schema does; any other is compiled at registration, and its error is
// returned then.
func TestToolSchemaCompiledOnFirstUse(t *testing.T) {
	ts, err := newToolSchema("t", `{"type":"object","properties":{"n":{"type":"integer","minimum":1}},"required":["n"]}`)
	if err != nil {
		t.Fatal(err)
	}
	if ts.s != nil {
		t.Fatal("a plain schema was compiled at registration")
	}
	if err := ts.validate(`{"n":0}`); err == nil || !strings.Contains(err.Error(), "'n' must be at least 1, got 0") {
		t.Errorf("validate({n:0}) = %v", err)
	}
	if ts.s == nil {
		t.Fatal("validating did not compile the schema")
	}
	if err := ts.validate(`{"n":2}`); err != nil {
		t.Errorf("validate({n:2}) = %v", err)
	}

	ts, err = newToolSchema("p", `{"type":"object","properties":{"s":{"type":"string","pattern":"^a"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	if ts.s == nil {
		t.Error("a schema with a pattern was not compiled at registration")
	}
	if err := ts.validate(`{"s":"b"}`); err == nil {
		t.Error("the pattern was not applied")
	}
	for _, bad := range []string{`{"pattern":"("}`, `{"type":"objekt"}`, `{"type":`} {
		if _, err := newToolSchema("b", bad); err == nil {
			t.Errorf("newToolSchema(%s) accepted a broken schema", bad)
		}
	}
}

// FuzzPlainSchemaCompiles checks the promise lazy compilation rests on:
// every schema plainSchema takes compiles.
func FuzzPlainSchemaCompiles(f *testing.F) {
	for _, c := range plainCases {
		f.Add(c.schema)
	}
	f.Add(`{"minimum":1e400,"maximum":-0.5e-9}`)
	f.Add(`{"properties":{"":{"type":"null"}},"required":[""]}`)
	f.Fuzz(func(t *testing.T, schema string) {
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schema))
		if err != nil || !plainSchema(doc, 0) {
			return
		}
		if _, err := compileDoc("fuzz", doc); err != nil {
			t.Fatalf("plain schema %s does not compile: %v", schema, err)
		}
	})
}
