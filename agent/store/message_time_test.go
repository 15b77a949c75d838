package store

import (
	"testing"
	"time"

	"panto/agent/conv"
)

// TestMessageKeepsItsOwnTime: a message's own time (when it was made,
// as pi writes it) survives a round trip through a line even when the
// entry that holds it was appended later; the entry's time stands in
// only for a message without one.
func TestMessageKeepsItsOwnTime(t *testing.T) {
	made := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	appended := made.Add(90 * time.Second)
	for _, c := range []struct {
		name string
		own  time.Time
		want time.Time
	}{
		{"own time", made, made},
		{"none", time.Time{}, appended},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := conv.Message{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("hi")}, Time: c.own}
			line, err := Marshal(&Entry{Type: TypeMessage, ID: "a1b2c3d4", Timestamp: appended, Message: &m})
			if err != nil {
				t.Fatal(err)
			}
			e, err := Unmarshal(line)
			if err != nil {
				t.Fatal(err)
			}
			if !e.Message.Time.Equal(c.want) {
				t.Errorf("message time %v, want %v (line %s)", e.Message.Time, c.want, line)
			}
		})
	}
}
