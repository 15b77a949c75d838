package permission

import (
	"fmt"
	"strings"
)

// Decision is what happens to a call: Allow runs it, Ask puts it to the
// user (headless runs cannot ask and deny it), Deny gives the model an
// error result. The order is strictness: a later constant is stricter.
type Decision int

const (
	Allow Decision = iota
	Ask
	Deny
)

func (d Decision) String() string {
	switch d {
	case Allow:
		return "allow"
	case Ask:
		return "ask"
	case Deny:
		return "deny"
	}
	return fmt.Sprintf("Decision(%d)", int(d))
}

// ParseDecision reads "allow", "ask" or "deny".
func ParseDecision(s string) (Decision, error) {
	switch s {
	case "allow":
		return Allow, nil
	case "ask":
		return Ask, nil
	case "deny":
		return Deny, nil
	}
	return Allow, fmt.Errorf("unknown decision %q (allow, ask or deny)", s)
}

// Effect is what a tool does, as its declaration's effects field says.
type Effect string

const (
	Read    Effect = "read"
	Write   Effect = "write"
	Execute Effect = "execute"
	Network Effect = "network"
)

// Effects lists the effects a declaration may name.
var Effects = []Effect{Read, Write, Execute, Network}

// KnownEffect reports whether s names an effect.
func KnownEffect(s string) bool {
	for _, e := range Effects {
		if string(e) == s {
			return true
		}
	}
	return false
}

// Mode is the session's permission mode.
type Mode string

const (
	// Default allows reads inside the project and asks for the rest.
	Default Mode = "default"
	// AcceptEdits also allows writes inside the project.
	AcceptEdits Mode = "accept-edits"
	// Plan is read-only: writes and commands are denied.
	Plan Mode = "plan"
	// Yolo allows everything that no deny rule or vote denies.
	Yolo Mode = "yolo"
)

// Modes lists the modes in the order the terminal UI cycles them.
var Modes = []Mode{Default, AcceptEdits, Plan, Yolo}

// ParseMode reads a mode name ("" is Default).
func ParseMode(s string) (Mode, error) {
	if s == "" {
		return Default, nil
	}
	for _, m := range Modes {
		if string(m) == s {
			return m, nil
		}
	}
	names := make([]string, len(Modes))
	for i, m := range Modes {
		names[i] = string(m)
	}
	return Default, fmt.Errorf("unknown permission mode %q (%s)", s, strings.Join(names, ", "))
}

// Next is the mode after m in the UI's cycle: default, accept-edits,
// plan, and yolo only when withYolo (a session started in yolo may
// return to it; one that did not is never one key press from it).
func (m Mode) Next(withYolo bool) Mode {
	switch m {
	case Default:
		return AcceptEdits
	case AcceptEdits:
		return Plan
	case Plan:
		if withYolo {
			return Yolo
		}
	}
	return Default
}
