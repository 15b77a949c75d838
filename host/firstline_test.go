package host

import "testing"

// TestErrorTracebackDropped: an error carrying a traceback (an extension
// that raises debug.traceback's result, as xpcall handlers do) reaches
// the model as its message alone, even an empty one.
func TestErrorTracebackDropped(t *testing.T) {
	th := hostWith(t, map[string]string{"tools/e.lua": `return { name = "e", description = "d", schema = {}, handler = function(input)
  error(debug.traceback(input.msg), 0)
end }`})
	th.expectNoProblems(t)
	for in, want := range map[string]string{`{"msg":"boom"}`: "boom", `{"msg":""}`: "", `{"msg":"two\nlines"}`: "two\nlines"} {
		if tc := th.callTool(t, "e", in); tc.OK || tc.Output != want {
			t.Errorf("%s: ok=%v %q, want %q", in, tc.OK, tc.Output, want)
		}
	}
}
