package store

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

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

// TestHexIDEveryDigit: every digit and letter at the edges of the two
// ranges reads as strconv reads it, and the characters just outside
// them make no id; a writer that misread one would hand out an id
// already in use, and two entries with one id lose a branch on resume.
func TestHexIDEveryDigit(t *testing.T) {
	for _, id := range []string{
		"01234567", "89abcdef", "99999999", "00000009", "a0000000", "f0000000", "0000000f",
		"/0000000", ":0000000", "`0000000", "g0000000", "0000000G", "0000000@",
	} {
		want, err := strconv.ParseUint(id, 16, 32)
		wantOK := err == nil && strings.ToLower(id) == id
		got, ok := hexID(id)
		if ok != wantOK || (ok && uint64(got) != want) {
			t.Errorf("hexID(%q) = %#x, %v; want %#x, %v", id, got, ok, want, wantOK)
		}
	}
	var s idSet
	if !s.add("99999999") || s.add("99999999") {
		t.Error("an id of nines is not kept as used")
	}
}

// TestNewSessionIDIsAUUID: a session id is a version 4 UUID in its
// canonical form, the id pi writes and reads, each one new.
func TestNewSessionIDIsAUUID(t *testing.T) {
	form := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	seen := map[string]bool{}
	for range 100 {
		id := NewSessionID()
		if !form.MatchString(id) {
			t.Fatalf("session id %q is not a version 4 UUID", id)
		}
		if seen[id] {
			t.Fatalf("session id %q made twice", id)
		}
		seen[id] = true
	}
}
