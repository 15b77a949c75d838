package theme

import "testing"

// TestSetPlain: a plain registry answers every theme with its roles and
// no styles, keeps registering, and is whole again when turned off.
func TestSetPlain(t *testing.T) {
	r := NewRegistry()
	if err := r.Register("mine", map[string]string{"accent": "red"}); err != nil {
		t.Fatal(err)
	}
	r.SetPlain(true)
	for _, name := range []string{Default, "mine"} {
		th, ok := r.Get(name)
		if !ok || !th.Plain || th.Name != name || len(th.Styles) == 0 {
			t.Fatalf("%s: %+v %v", name, th, ok)
		}
		for role, sgr := range th.Styles {
			if sgr != "" {
				t.Errorf("%s: role %s has %q", name, role, sgr)
			}
		}
	}
	if th := r.Active("mine"); !th.Plain || th.Styles["accent"] != "" {
		t.Errorf("active: %+v", th)
	}
	r.SetPlain(false)
	if th := r.Active("mine"); th.Plain || th.Styles["accent"] != "\x1b[31m" {
		t.Errorf("after SetPlain(false): %+v", th)
	}
}
