package host

import (
	"encoding/json"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// A tool's schema is checked when the tool registers and compiled when an
// input is first validated against it. Compiling validates the schema
// against draft 2020-12's meta-schemas, which are compiled first: about
// a tenth of a session's start for the eleven standard tools, most of
// whom a session never calls (docs/benchmarks.md, "Start-up, fourth
// pass"). What registration must still catch, a schema the validator
// cannot use, is caught in two ways: a schema made only of the keywords
// plainSchema knows, each with a value of the meta-schema's type, is one
// the compiler accepts (FuzzPlainSchemaCompiles holds that), so its
// compilation waits; any other schema is compiled at registration as
// before, and its error is the register_tool call's.

// toolSchema is a tool's input schema, compiled on first use.
type toolSchema struct {
	name string
	doc  any
	once sync.Once
	s    *jsonschema.Schema
	err  error
}

// newToolSchema parses the schema JSON of tool name and checks it: a
// plain schema is compiled by its first use, any other now, its error
// returned.
func newToolSchema(name, schemaJSON string) (*toolSchema, error) {
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schemaJSON))
	if err != nil {
		return nil, err
	}
	ts := &toolSchema{name: name, doc: doc}
	if plainSchema(doc, 0) {
		return ts, nil
	}
	if _, err := ts.compiled(); err != nil {
		return nil, err
	}
	return ts, nil
}

// compiled returns the schema compiled, compiling it on the first call.
func (ts *toolSchema) compiled() (*jsonschema.Schema, error) {
	ts.once.Do(func() { ts.s, ts.err = compileDoc(ts.name, ts.doc) })
	return ts.s, ts.err
}

// validate checks a tool's input (JSON text) against the schema.
func (ts *toolSchema) validate(inputJSON string) error {
	s, err := ts.compiled()
	if err != nil {
		// Not reached for a plain schema; kept so that a compiler that
		// one day refuses one reports it rather than skipping the check.
		return err
	}
	return validateInput(s, inputJSON)
}

// plainMaxDepth bounds plainSchema's recursion; a deeper schema is
// compiled at registration.
const plainMaxDepth = 16

// plainSchema reports whether doc (as jsonschema.UnmarshalJSON returns
// it) is a schema the compiler accepts, judged conservatively: only the
// keywords below, each with a value the draft 2020-12 meta-schema allows,
// no references, patterns or formats. False says nothing about validity;
// it sends the schema to the compiler at once.
func plainSchema(doc any, depth int) bool {
	if depth > plainMaxDepth {
		return false
	}
	switch s := doc.(type) {
	case bool:
		return true
	case map[string]any:
		for k, v := range s {
			if !plainKeyword(k, v, depth) {
				return false
			}
		}
		return true
	}
	return false
}

// plainKeyword reports whether keyword k with value v is one plainSchema
// accepts.
func plainKeyword(k string, v any, depth int) bool {
	switch k {
	case "title", "description":
		_, ok := v.(string)
		return ok
	case "default":
		return true
	case "type":
		return plainType(v)
	case "enum":
		_, ok := v.([]any)
		return ok
	case "minimum", "maximum":
		_, ok := v.(json.Number)
		return ok
	case "minLength", "maxLength", "minItems", "maxItems":
		return plainCount(v)
	case "items", "additionalProperties":
		return plainSchema(v, depth+1)
	case "properties":
		props, ok := v.(map[string]any)
		if !ok {
			return false
		}
		for _, p := range props {
			if !plainSchema(p, depth+1) {
				return false
			}
		}
		return true
	case "required":
		return uniqueStrings(v)
	}
	return false
}

// simpleType reports the names the meta-schema allows in "type".
func simpleType(name string) bool {
	switch name {
	case "array", "boolean", "integer", "null", "number", "object", "string":
		return true
	}
	return false
}

// plainType: one simple type name, or a non-empty array of distinct ones.
func plainType(v any) bool {
	switch t := v.(type) {
	case string:
		return simpleType(t)
	case []any:
		if len(t) == 0 {
			return false
		}
		seen := map[string]bool{}
		for _, x := range t {
			s, ok := x.(string)
			if !ok || !simpleType(s) || seen[s] {
				return false
			}
			seen[s] = true
		}
		return true
	}
	return false
}

// plainCount: a non-negative integer written with at most nine digits and
// nothing else (no sign, fraction or exponent).
func plainCount(v any) bool {
	n, ok := v.(json.Number)
	if !ok || len(n) == 0 || len(n) > 9 {
		return false
	}
	for i := 0; i < len(n); i++ {
		if n[i] < '0' || n[i] > '9' {
			return false
		}
	}
	return true
}

// uniqueStrings: an array of distinct strings.
func uniqueStrings(v any) bool {
	a, ok := v.([]any)
	if !ok {
		return false
	}
	seen := make(map[string]bool, len(a))
	for _, x := range a {
		s, ok := x.(string)
		if !ok || seen[s] {
			return false
		}
		seen[s] = true
	}
	return true
}
