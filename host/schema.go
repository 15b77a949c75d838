package host

import (
	"errors"
	"fmt"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Tool input schemas are compiled once, when the tool registers, so a
// broken schema is the author's error at registration (with the
// register_tool call's file and line), not the model's at every call.
// Each call's input is then validated against it before the handler
// runs; a failure is an error result the model reads and can correct.

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
func validateInput(s *jsonschema.Schema, inputJSON string) error {
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(inputJSON))
	if err != nil {
		return err
	}
	if err := s.Validate(v); err != nil {
		return errors.New(schemaMessage(err))
	}
	return nil
}

var printer = message.NewPrinter(language.English)

// schemaMessage turns the library's error tree into one line: the
// failing leaves as "at '/path': what", the first few of them.
func schemaMessage(err error) string {
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
			leaves = append(leaves, fmt.Sprintf("at '/%s': %s", strings.Join(e.InstanceLocation, "/"), e.ErrorKind.LocalizedString(printer)))
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
