package main

import (
	"context"
	"fmt"
	"io"

	"panto/diag"
	"panto/extension/discover"
	"panto/host"
	"panto/stdext"
)

// checkTree is build.Options.Check for the commands that build (build,
// watch): the tree is evaluated and activated over the standard tools,
// as `panto run` would load it, in a host with no session.
func checkTree(ctx context.Context) func(*discover.Setup) diag.List {
	return func(setup *discover.Setup) diag.List {
		setup.AddBase(stdext.FS(), "")
		return host.Check(ctx, setup, 0)
	}
}

// loadFailures is what `panto run` says, and its exit status, when some
// entry did not load: the problems were printed as they happened, the
// rest of the run went ahead, and the exit is 1.
func loadFailures(h *host.Host) error {
	n := 0
	for _, p := range h.Problems() {
		if p.Stage == host.StageEvaluate || p.Stage == host.StageActivate {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	return userError("run: %d %s failed to load (see above); the others were loaded", n, countNoun(n, "extension", "extensions"))
}

// printDiagnostics writes diagnostics as "panto: stage: file:line:col: ..."
func printDiagnostics(w io.Writer, stage string, ds diag.List) {
	for _, d := range ds {
		fmt.Fprintln(w, "panto: "+stage+": "+d.String())
	}
}
