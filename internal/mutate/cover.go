package mutate

import (
	"bufio"
	"fmt"
	"io"
	"path"
	"strings"
)

// coverage holds a package's coverage blocks per file base name, from a
// `go test -coverprofile` run: a mutant inside a block no test executed
// cannot change any test's outcome, so it survives without a run.
type coverage map[string][]block

type block struct {
	startLine, startCol, endLine, endCol int
	count                                int
}

// parseCoverage reads a cover profile ("mode: set" then
// "path/file.go:l.c,l.c stmts count" lines).
func parseCoverage(r io.Reader) (coverage, error) {
	cov := coverage{}
	sc := bufio.NewScanner(r)
	first := true
	for sc.Scan() {
		line := sc.Text()
		if first {
			first = false
			if strings.HasPrefix(line, "mode:") {
				continue
			}
		}
		if line == "" {
			continue
		}
		colon := strings.LastIndex(line, ":")
		if colon < 0 {
			return nil, fmt.Errorf("cover profile: bad line %q", line)
		}
		var b block
		var stmts int
		if _, err := fmt.Sscanf(line[colon+1:], "%d.%d,%d.%d %d %d", &b.startLine, &b.startCol, &b.endLine, &b.endCol, &stmts, &b.count); err != nil {
			return nil, fmt.Errorf("cover profile: bad line %q: %v", line, err)
		}
		name := path.Base(line[:colon])
		cov[name] = append(cov[name], b)
	}
	return cov, sc.Err()
}

// executed reports whether the code at line:col ran in some test. It
// looks at the innermost block holding the position (the latest to
// start, since a function literal's blocks lie inside the statement's);
// a position in no block (a package-level initializer) counts as run.
func (c coverage) executed(file string, line, col int) bool {
	var best *block
	for i := range c[path.Base(file)] {
		b := &c[path.Base(file)][i]
		if !b.holds(line, col) {
			continue
		}
		if best == nil || b.startLine > best.startLine || (b.startLine == best.startLine && b.startCol > best.startCol) {
			best = b
		}
	}
	// Several profiles (one per test binary) may list the same block;
	// any run counts.
	if best == nil {
		return true
	}
	for _, b := range c[path.Base(file)] {
		if b.startLine == best.startLine && b.startCol == best.startCol && b.endLine == best.endLine && b.endCol == best.endCol && b.count > 0 {
			return true
		}
	}
	return false
}

func (b *block) holds(line, col int) bool {
	after := line > b.startLine || (line == b.startLine && col >= b.startCol)
	before := line < b.endLine || (line == b.endLine && col < b.endCol)
	return after && before
}
