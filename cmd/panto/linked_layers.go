package main

import (
	"strings"

	"panto/extension/discover"
	"panto/linked"
)

// addLinkedLayers puts the layers linked into this binary as native code
// (panto build --binary, package linked) just above the setup's base
// layer, so every session of the binary has them beside its standard
// tools, below the user's, the project's and a run's own layer. Each
// linked bundle is checked like a bundle file (manifest, digests, ABI
// version, bytecode, native twins) the first time; a binary whose layer
// fails the check opens no session.
func addLinkedLayers(s *discover.Setup) error {
	if !linked.Linked() {
		return nil
	}
	ls, err := linked.Layers(discover.Options{Cwd: s.Cwd})
	if err != nil {
		return userError("%v", err)
	}
	linked.Insert(s, ls)
	return nil
}

// linkedVersion is what --version adds for a binary with linked layers:
// ", linked: NAME VERSION (native)" for each, or the reason they cannot
// run.
func linkedVersion() string {
	if !linked.Linked() {
		return ""
	}
	bs, err := linked.Bundles()
	if err != nil {
		return " (" + err.Error() + ")"
	}
	var names []string
	for _, b := range bs {
		names = append(names, b.Name+" "+b.Version)
	}
	return ", linked: " + strings.Join(names, ", ") + " (native)"
}
