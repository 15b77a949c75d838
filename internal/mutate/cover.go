package mutate

import (
	"bufio"
	"fmt"
	"io"
	"path"
	"path/filepath"
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
		name := coverKey(line[:colon])
		cov[name] = append(cov[name], b)
	}
	return cov, sc.Err()
}

// executed reports whether the code at line:col ran in some test. It
// looks at the innermost block holding the position; a position in no
// block (a package-level initializer) counts as run.
func (c coverage) executed(file string, line, col int) bool {
	best := c.innermost(file, line, col)
	// Several profiles (one per test binary) may list the same block;
	// any run counts.
	if best == nil {
		return true
	}
	for _, b := range c[coverKey(file)] {
		if b.same(best) && b.count > 0 {
			return true
		}
	}
	return false
}

// innermost returns the innermost block holding line:col (the latest to
// start, since a function literal's blocks lie inside the statement's),
// or nil when none does.
func (c coverage) innermost(file string, line, col int) *block {
	var best *block
	blocks := c[coverKey(file)]
	for i := range blocks {
		b := &blocks[i]
		if !b.holds(line, col) {
			continue
		}
		if best == nil || b.startLine > best.startLine || (b.startLine == best.startLine && b.startCol > best.startCol) {
			best = b
		}
	}
	return best
}

// coverKey is the name coverage files its blocks under: the file's base
// name, as the profile's import paths and the harness's absolute paths
// share it.
func coverKey(file string) string {
	return path.Base(filepath.ToSlash(file))
}

func (b *block) same(o *block) bool {
	return b.startLine == o.startLine && b.startCol == o.startCol && b.endLine == o.endLine && b.endCol == o.endCol
}

func (b *block) holds(line, col int) bool {
	after := line > b.startLine || (line == b.startLine && col >= b.startCol)
	before := line < b.endLine || (line == b.endLine && col < b.endCol)
	return after && before
}
