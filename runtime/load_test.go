package runtime

import (
	"errors"
	"testing"

	"panto/diag"
)

// A syntax error from Load says what the reference says (that is what
// load returns to Lua), and keeps the compiler's diagnostic, column
// included, for Go callers.
func TestLoadKeepsTheDiagnostic(t *testing.T) {
	L := NewState()
	defer L.Close()
	_, err := L.Load("x = 1\n  y = = 2", "@ext/a.lua", "t")
	var e *Error
	if !errors.As(err, &e) || e.Status != StatusSyntaxError {
		t.Fatalf("error %T %v, want a syntax *Error", err, err)
	}
	if want := "ext/a.lua:2: unexpected symbol near '='"; e.Message != want || e.Value.AsString() != want {
		t.Errorf("message %q, value %q; want %q", e.Message, e.Value.AsString(), want)
	}
	var d *diag.Diagnostic
	if !errors.As(err, &d) {
		t.Fatalf("errors.As finds no *diag.Diagnostic in %v", err)
	}
	want := diag.Diagnostic{File: "ext/a.lua", Line: 2, Column: 7, Message: "unexpected symbol", Near: "'='"}
	if *d != want {
		t.Errorf("diagnostic %+v, want %+v", *d, want)
	}
	// Errors that are not syntax errors carry none.
	_, err = L.Load("\x1bLua junk", "=b", "t")
	if errors.As(err, &d) {
		t.Errorf("a mode error carries a diagnostic: %v", err)
	}
}
