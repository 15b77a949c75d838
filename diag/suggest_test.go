package diag

import "testing"

func TestSuggest(t *testing.T) {
	known := []string{"handler", "activate", "register_tool", "register_command", "tool_result", "tool_details", "name"}
	for _, c := range []struct{ in, want string }{
		{"handeler", "handler"},
		{"activte", "activate"},
		{"register_tol", "register_tool"},
		{"registerTool", "register_tool"},
		{"tool_reslt", "tool_result"},
		{"nmae", "name"},
		{"zzzzzz", ""},
		{"handler", ""}, // the name itself is no suggestion
		{"x", ""},
		{"nme", "name"},
		{"-z", ""},
	} {
		t.Run(c.in, func(t *testing.T) {
			if got := Suggest(c.in, known); got != c.want {
				t.Errorf("Suggest(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

func TestSnakeCase(t *testing.T) {
	for in, want := range map[string]string{"registerTool": "register_tool", "handleInput": "handle_input", "a_b": "a_b", "X": "x", "inputSchema": "input_schema"} {
		if got := SnakeCase(in); got != want {
			t.Errorf("SnakeCase(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"a", "", 1}, {"kitten", "sitting", 3}, {"handeler", "handler", 1}, {"activte", "activate", 1}, {"strcit", "strict", 1}, {"ab", "ba", 1}, {"ca", "abc", 3}} {
		if got := Distance(c.a, c.b); got != c.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}
