package abi

import (
	"fmt"
	"strconv"
	"strings"
)

// SemVer is a parsed MAJOR.MINOR.PATCH version.
type SemVer struct{ Major, Minor, Patch int }

func (v SemVer) String() string { return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch) }

// ParseVersion parses "MAJOR.MINOR.PATCH" (no pre-release or build
// suffixes: an ABI version names a released contract).
func ParseVersion(s string) (SemVer, error) {
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return SemVer{}, fmt.Errorf("ABI version %q is not MAJOR.MINOR.PATCH", s)
	}
	var n [3]int
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || p == "" || (len(p) > 1 && p[0] == '0') {
			return SemVer{}, fmt.Errorf("ABI version %q is not MAJOR.MINOR.PATCH", s)
		}
		n[i] = v
	}
	return SemVer{n[0], n[1], n[2]}, nil
}

// Compatible reports whether this host can run a bundle built against the
// ABI version want: the majors must match (a major bump removes or changes
// something) and the host's minor must be at least the bundle's (a minor
// bump only adds, so an older bundle runs on a newer host but not the
// reverse). The error names both versions.
func Compatible(want string) error { return CompatibleWith(Version, want) }

// CompatibleWith is Compatible for an explicit host version.
func CompatibleWith(host, want string) error {
	h, err := ParseVersion(host)
	if err != nil {
		return err
	}
	b, err := ParseVersion(want)
	if err != nil {
		return fmt.Errorf("bundle: %w", err)
	}
	switch {
	case b.Major != h.Major:
		return fmt.Errorf("bundle needs ABI %s but this host implements ABI %s (major versions differ)", b, h)
	case b.Minor > h.Minor:
		return fmt.Errorf("bundle needs ABI %s but this host implements ABI %s (the bundle uses a newer minor version)", b, h)
	}
	return nil
}
