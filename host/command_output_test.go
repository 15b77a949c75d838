package host

import (
	"context"
	"strings"
	"testing"
)

// TestCommandOutputShapes: a command handler's result as output: a
// string is plain text, { text, markdown = true } is text marked as
// markdown (ABI 1.5), and what was ignored before stays ignored; a table
// in the new shape with a field of the wrong type is an error that says
// which field.
func TestCommandOutputShapes(t *testing.T) {
	th := hostWith(t, map[string]string{"extensions/c.lua": `local panto = require("panto")
return { name = "c", activate = function()
  panto.ext.register_command { name = "c", description = "returns what its argument names", handler = function(args)
    local results = {
      string = "plain",
      md = { text = "**bold**", markdown = true },
      notmd = { text = "x", markdown = false },
      textonly = { text = "just text" },
      number = 42,
      empty = {},
      other = { display = "not ours" },
      badtext = { text = 5, markdown = true },
      nomdtext = { markdown = true },
      badmd = { text = "y", markdown = "yes" },
    }
    return results[args]
  end }
end }`})
	th.expectNoProblems(t)
	for _, c := range []struct {
		arg  string
		want CommandOutput
		err  string
	}{
		{"string", CommandOutput{Text: "plain"}, ""},
		{"md", CommandOutput{Text: "**bold**", Markdown: true}, ""},
		{"notmd", CommandOutput{Text: "x"}, ""},
		{"textonly", CommandOutput{Text: "just text"}, ""},
		{"number", CommandOutput{}, ""},
		{"empty", CommandOutput{}, ""},
		{"other", CommandOutput{}, ""},
		{"nil", CommandOutput{}, ""},
		{"badtext", CommandOutput{}, "/c: the result's text must be a string, got number"},
		{"nomdtext", CommandOutput{}, "/c: the result's text must be a string, got nil"},
		{"badmd", CommandOutput{}, "/c: the result's markdown must be a boolean, got string"},
	} {
		t.Run(c.arg, func(t *testing.T) {
			got, err := th.RunCommandOutput(context.Background(), "/c "+c.arg)
			if c.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), c.err) {
					t.Fatalf("error %v, want %q", err, c.err)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("%+v %v, want %+v", got, err, c.want)
			}
			if s, err := th.RunCommand(context.Background(), "/c "+c.arg); err != nil || s != c.want.Text {
				t.Errorf("RunCommand: %q %v, want %q", s, err, c.want.Text)
			}
		})
	}
}
