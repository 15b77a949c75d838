package store

import "testing"

func TestIDSet(t *testing.T) {
	var s idSet
	cases := []struct {
		id   string
		want bool
	}{
		{"0a1b2c3d", true},
		{"0a1b2c3d", false}, // used
		{"ffffffff", true},
		{"00000000", true},
		{"0A1B2C3D", true}, // not panto's form: never made, not kept
		{"0A1B2C3D", true}, // so never refused
		{"123e4567-e89b-12d3-a456-426614174000", true}, // a UUID from another writer
		{"0a1b2c3", true}, // too short
	}
	for _, c := range cases {
		if got := s.add(c.id); got != c.want {
			t.Errorf("add(%q) = %v, want %v", c.id, got, c.want)
		}
	}
	if len(s) != 3 {
		t.Errorf("%d ids kept, want 3", len(s))
	}
}
