package host

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Tool input schemas are checked once, when the tool registers, so a
// broken schema is the author's error at registration (with the
// register_tool call's file and line), not the model's at every call
// (schema_lazy.go: compiled then, or by the first call when the check
// proves the compiler will accept it). Each call's input is then
// validated against it before the handler runs; a failure is an error
// result the model reads and can correct.

// schemaURL names a tool's schema for the compiler; it is never fetched.
func schemaURL(tool string) string { return "urn:panto:tool:" + tool }

// noLoader refuses every external reference: a schema must be
// self-contained, and compiling one must never read files or the
// network.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("external references are not allowed (%s); a tool schema must be self-contained", url)
}

// compileSchema compiles the schema JSON of tool name.
func compileSchema(name, schemaJSON string) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schemaJSON))
	if err != nil {
		return nil, err
	}
	return compileDoc(name, doc)
}

// compileDoc compiles the parsed schema doc of tool name.
func compileDoc(name string, doc any) (*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.UseLoader(noLoader{})
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(schemaURL(name), doc); err != nil {
		return nil, err
	}
	s, err := c.Compile(schemaURL(name))
	if err != nil {
		return nil, errors.New(schemaMessage(err))
	}
	return s, nil
}

// validateInput checks a tool's input (JSON text) against its schema.
// A property whose value is null counts as absent: models often send
// null for the optional parameters they do not use.
func validateInput(s *jsonschema.Schema, inputJSON string) error {
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(inputJSON))
	if err != nil {
		return err
	}
	v = dropNulls(v)
	if err := s.Validate(v); err != nil {
		return errors.New(inputMessage(s, err))
	}
	return nil
}

// dropNulls removes null-valued properties of every object.
func dropNulls(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if e == nil {
				delete(x, k)
			} else {
				x[k] = dropNulls(e)
			}
		}
	case []any:
		for i, e := range x {
			x[i] = dropNulls(e)
		}
	}
	return v
}

var printerOnce struct {
	sync.Once
	v *message.Printer
}

func printer() *message.Printer {
	printerOnce.Do(func() { printerOnce.v = message.NewPrinter(language.English) })
	return printerOnce.v
}

// schemaMessage turns a compile error into one line: the failing leaves
// as "at '/path': what", the first few of them.
func schemaMessage(err error) string {
	return leafMessages(err, func(e *jsonschema.ValidationError) string {
		return fmt.Sprintf("at '/%s': %s", strings.Join(e.InstanceLocation, "/"), e.ErrorKind.LocalizedString(printer()))
	})
}

// inputMessage turns a validation failure into what the model reads: the
// failing leaves in words a model can act on ("'path' is required",
// "'offset' must be at least 1, got 0", "unknown field 'file_path'
// (fields: limit, offset, path)").
func inputMessage(s *jsonschema.Schema, err error) string {
	return leafMessages(err, func(e *jsonschema.ValidationError) string {
		return describeFailure(s, e)
	})
}

func leafMessages(err error, describe func(*jsonschema.ValidationError) string) string {
	var sve *jsonschema.SchemaValidationError
	if errors.As(err, &sve) {
		err = sve.Err
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return strings.TrimPrefix(err.Error(), "jsonschema: ")
	}
	var leaves []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			leaves = append(leaves, describe(e))
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	const most = 3
	if len(leaves) > most {
		leaves = append(leaves[:most], fmt.Sprintf("and %d more", len(leaves)-most))
	}
	return strings.Join(leaves, "; ")
}

// describeFailure words one failing leaf, naming the field by its path.
func describeFailure(root *jsonschema.Schema, e *jsonschema.ValidationError) string {
	field := strings.Join(e.InstanceLocation, ".")
	name := "'" + field + "'"
	if field == "" {
		name = "the input"
	}
	within := func(f string) string {
		if field == "" {
			return f
		}
		return field + "." + f
	}
	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		var parts []string
		for _, m := range k.Missing {
			parts = append(parts, "'"+within(m)+"' is required")
		}
		return strings.Join(parts, "; ")
	case *kind.Type:
		return fmt.Sprintf("%s must be %s, got %s", name, withArticles(k.Want), withArticle(k.Got))
	case *kind.Minimum:
		return fmt.Sprintf("%s must be at least %s, got %s", name, k.Want.RatString(), k.Got.RatString())
	case *kind.Maximum:
		return fmt.Sprintf("%s must be at most %s, got %s", name, k.Want.RatString(), k.Got.RatString())
	case *kind.ExclusiveMinimum:
		return fmt.Sprintf("%s must be greater than %s, got %s", name, k.Want.RatString(), k.Got.RatString())
	case *kind.ExclusiveMaximum:
		return fmt.Sprintf("%s must be less than %s, got %s", name, k.Want.RatString(), k.Got.RatString())
	case *kind.MinLength:
		return fmt.Sprintf("%s must be at least %d characters long, got %d", name, k.Want, k.Got)
	case *kind.MaxLength:
		return fmt.Sprintf("%s must be at most %d characters long, got %d", name, k.Want, k.Got)
	case *kind.AdditionalProperties:
		var unknown []string
		for _, p := range k.Properties {
			unknown = append(unknown, "'"+within(p)+"'")
		}
		msg := "unknown field " + strings.Join(unknown, ", ")
		if known := propertiesAt(root, e.InstanceLocation); len(known) > 0 {
			msg += " (fields: " + strings.Join(known, ", ") + ")"
		}
		return msg
	case *kind.Enum:
		var want []string
		for _, w := range k.Want {
			want = append(want, fmt.Sprintf("%q", fmt.Sprint(w)))
		}
		return fmt.Sprintf("%s must be one of %s", name, strings.Join(want, ", "))
	}
	if field == "" {
		return e.ErrorKind.LocalizedString(printer())
	}
	return name + ": " + e.ErrorKind.LocalizedString(printer())
}

// propertiesAt lists the properties the schema declares for the object
// at path, sorted (nil when it cannot tell).
func propertiesAt(s *jsonschema.Schema, path []string) []string {
	for _, seg := range path {
		if s == nil {
			return nil
		}
		s = s.Properties[seg]
	}
	if s == nil {
		return nil
	}
	names := make([]string, 0, len(s.Properties))
	for n := range s.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func withArticle(t string) string {
	switch t {
	case "integer", "object", "array":
		return "an " + t
	case "null":
		return "null"
	case "boolean":
		return "true or false"
	}
	return "a " + t
}

func withArticles(ts []string) string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = withArticle(t)
	}
	return strings.Join(out, " or ")
}
