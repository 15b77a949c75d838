package config

import (
	"path/filepath"
	"strings"
)

// Sandbox is the [sandbox] table: how the shell tool's commands are
// confined (on Linux, with Landlock; see docs/security.md).
type Sandbox struct {
	// Mode is "workspace-write" (the default: writes only in the project,
	// the temp folder and Writable), "read-only" (no writes at all) or
	// "off".
	Mode string `toml:"mode"`
	// Writable are more folders a workspace-write command may change:
	// absolute, ~/..., or relative to the project root.
	Writable []string `toml:"writable"`
	// Network false refuses TCP connect and bind (default true).
	Network *bool `toml:"network"`
	// AutoAllow lets a sandboxed shell command run without asking, as the
	// sandbox confines it (default false).
	AutoAllow *bool `toml:"auto_allow"`
}

// Sandbox modes.
const (
	SandboxWorkspaceWrite = "workspace-write"
	SandboxReadOnly       = "read-only"
	SandboxOff            = "off"
)

// sandboxStrictness orders the modes from the loosest; ok is false for
// a mode that is none of them.
func sandboxStrictness(mode string) (n int, ok bool) {
	switch mode {
	case SandboxOff:
		return 0, true
	case SandboxWorkspaceWrite:
		return 1, true
	case SandboxReadOnly:
		return 2, true
	}
	return 0, false
}

// strictness is sandboxStrictness without the ok: 0 for an unknown mode.
func strictness(mode string) int { n, _ := sandboxStrictness(mode); return n }

func (s *Sandbox) validate(add func(format string, a ...any)) {
	if _, ok := sandboxStrictness(s.Mode); s.Mode != "" && !ok {
		add("sandbox.mode %q is not one of \"workspace-write\", \"read-only\", \"off\"", s.Mode)
	}
	for _, w := range s.Writable {
		if strings.TrimSpace(w) == "" {
			add("sandbox.writable: an empty path")
		}
	}
}

// mergeSandbox applies f's [sandbox] over m's. A project's file is
// untrusted input even once trusted: it can only tighten what the user
// set (a stricter mode, the network off, writable folders inside the
// project), never turn the sandbox off, open a folder outside the
// project or auto-allow commands.
func (m *Merged) mergeSandbox(f *File) {
	s := f.Sandbox
	if !f.Project {
		if s.Mode != "" {
			m.Sandbox.Mode = s.Mode
		}
		for _, w := range s.Writable {
			m.Sandbox.Writable = append(m.Sandbox.Writable, anchorPath(w, ""))
		}
		if s.Network != nil {
			m.Sandbox.Network = s.Network
		}
		if s.AutoAllow != nil {
			m.Sandbox.AutoAllow = s.AutoAllow
		}
		return
	}
	if strictness(s.Mode) > strictness(m.Sandbox.EffectiveMode()) {
		m.Sandbox.Mode = s.Mode
	}
	for _, w := range s.Writable {
		p := anchorPath(w, f.Root)
		if f.Root != "" && filepath.IsAbs(p) && inside(p, f.Root) {
			m.Sandbox.Writable = append(m.Sandbox.Writable, p)
		}
	}
	if s.Network != nil && !*s.Network {
		m.Sandbox.Network = s.Network
	}
}

// anchorPath makes a relative path absolute against root ("" keeps it
// relative, for the session to anchor at the project root); ~ stays for
// the session to expand.
func anchorPath(p, root string) string {
	if root == "" || filepath.IsAbs(p) || p == "~" || strings.HasPrefix(p, "~/") {
		return p
	}
	return filepath.Join(root, p)
}

// inside reports whether p is root or below it, lexically (the sandbox
// resolves links when it applies the path).
func inside(p, root string) bool {
	rel, err := filepath.Rel(root, filepath.Clean(p))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// EffectiveMode is the mode, workspace-write when none was set.
func (s Sandbox) EffectiveMode() string {
	if s.Mode == "" {
		return SandboxWorkspaceWrite
	}
	return s.Mode
}
