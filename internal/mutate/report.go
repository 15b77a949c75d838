package mutate

import (
	"encoding/json"
	"fmt"
	"io"
)

// WriteText prints each package's figures and its survivors, one
// `file:line: op: change [func]` line each; verbose adds the equivalent
// and non-viable mutants with the reason.
func WriteText(w io.Writer, results []*PackageResult, verbose bool) {
	var tested, killed int
	for _, r := range results {
		fmt.Fprintf(w, "%s\n", r.Package)
		if r.Error != "" {
			fmt.Fprintf(w, "  error: %s\n", r.Error)
			continue
		}
		fmt.Fprintf(w, "  %d mutants, %d tested: %d killed (%d timed out), %d survived (%d not covered); %d equivalent, %d not viable, %d not run\n",
			r.Generated, r.Tested, r.Killed, r.TimedOut, r.Survived, r.Uncovered, r.Equivalent, r.NotViable, r.NotRun)
		if r.Killed > 0 {
			fmt.Fprintf(w, "  score: %.1f%% of non-equivalent mutants killed\n", r.Score)
		} else if n := r.Uncovered + r.NotRun; r.Baseline > 0 && n > 0 {
			fmt.Fprintf(w, "  at most %.1f%% can be killed: %d of %d are in code no test executes\n", 100*float64(r.NotRun)/float64(n), r.Uncovered, n)
		}
		tested += r.Tested
		killed += r.Killed
		for _, m := range r.Mutants {
			switch {
			case m.Status == Survived || m.Status == Uncovered || (m.Status == Pending && verbose):
				note := ""
				if m.Status == Uncovered {
					note = " (not covered)"
				} else if m.Status == Pending {
					note = " (not run)"
				}
				fmt.Fprintf(w, "  %s:%d: %s: %s [%s]%s\n", m.File, m.Line, m.Op, m.Change, m.Func, note)
			case verbose:
				fmt.Fprintf(w, "  %s:%d: %s: %s [%s]: %s %s\n", m.File, m.Line, m.Op, m.Change, m.Func, m.Status, m.Detail)
			}
		}
	}
	if len(results) > 1 && killed > 0 {
		fmt.Fprintf(w, "total: %d of %d killed (%.1f%%)\n", killed, tested, 100*float64(killed)/float64(tested))
	}
}

// WriteJSON writes the results as one indented JSON array.
func WriteJSON(w io.Writer, results []*PackageResult) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(results)
}
