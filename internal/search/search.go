// Package search is the Go half of panto's grep: it reads the files a
// walk found, in parallel, and finds the matching lines of a regular
// expression, with the work that pays in Go done here (reading,
// splitting lines, finding literals before running the expression,
// recognising binary files). What to search and how to present the
// result stays with the Lua tool.
package search

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// Options say how to search.
type Options struct {
	// Pattern is the expression in Go's syntax, inline flags included.
	Pattern string
	// Multiline lets a match span lines; otherwise every match lies in
	// one line, as in grep.
	Multiline bool
	// Limit is how many matching lines are kept, counted in file order;
	// later ones are only counted. 0: no limit.
	Limit int
	// MaxLine cuts a kept line to about this many bytes around the start
	// of its match (0: no cut).
	MaxLine int
	// MaxFileSize skips larger files (0: no limit).
	MaxFileSize int64
	Workers     int
}

// Line is one matching line (in multiline mode, the lines of a match).
type Line struct {
	Number int    // 1-based
	Text   string // without the line end; cut when longer than MaxLine
	Col    int    // 1-based byte of the match's start in the line
	// CutBefore and CutAfter count the bytes cut from each end of Text.
	CutBefore, CutAfter int
}

// File is the result of one file with a match.
type File struct {
	Path  string // as given
	Count int    // matching lines
	Lines []Line // those kept
}

// Result is a whole search.
type Result struct {
	Files        []File // files with kept lines, in walk order
	MatchedFiles int
	MatchedLines int
	Searched     int
	Binary       int // files holding a NUL byte, not searched
	TooLarge     int
	Unreadable   int
}

type fileResult struct {
	File
	skip skipReason
}

type skipReason uint8

const (
	searched skipReason = iota
	binaryFile
	tooLarge
	unreadable
)

// Search searches files (paths relative to base, or absolute), given
// in walk order.
func Search(ctx context.Context, base string, files []string, opts Options) (*Result, error) {
	return Stream(ctx, base, func(emit func(...string)) error {
		for i := 0; i < len(files); i += 16 {
			emit(files[i:min(i+16, len(files))]...)
		}
		return nil
	}, opts)
}

// Stream searches the files feed emits while it runs (a walk, say),
// searching them as they come. emit may be called from several
// goroutines; each call is a batch a worker takes whole (a folder's
// files, say), so that workers are woken per batch, not per file. Files are ordered by their walk order (OrderKey), not by
// when they were emitted: the kept lines are the first Limit in that
// order, and Result.Files follows it.
func Stream(ctx context.Context, base string, feed func(emit func(...string)) error, opts Options) (*Result, error) {
	// (?m): ^ and $ match at line ends when a whole buffer is searched
	// at once, as they do in a line searched alone.
	pat := "(?m)" + opts.Pattern
	re, err := regexp.Compile(pat)
	if err != nil {
		return nil, err
	}
	m := &matcher{re: re, opts: opts}
	if !opts.Multiline {
		m.pre = newPrefilter(pat)
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	k := &keeper{limit: opts.Limit}
	batches := make(chan []string, 64)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf, scratch []byte
			for batch := range batches {
				for _, rel := range batch {
					if ctx.Err() != nil {
						break // drain
					}
					p := rel
					if !filepath.IsAbs(p) {
						p = filepath.Join(base, p)
					}
					key := OrderKey(rel)
					keep := k.room(key)
					var r fileResult
					r, buf = m.file(p, buf, keep, &scratch)
					r.Path = rel
					k.add(key, r)
				}
			}
		}()
	}
	ferr := feed(func(rels ...string) {
		if len(rels) > 0 {
			batches <- rels
		}
	})
	close(batches)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if ferr != nil {
		return nil, ferr
	}
	return k.result(), nil
}

// OrderKey makes paths compare in walk order (depth first, each folder's
// entries by name, a folder's contents right after it): with "/" as
// the smallest byte, "a/b" sorts after "a" and before "a.txt".
func OrderKey(rel string) string { return strings.ReplaceAll(rel, "/", "\x00") }

// keeper collects results: counts of all, and the lines of the files
// that come first in walk order, at most limit lines in all.
type keeper struct {
	mu    sync.Mutex
	limit int
	res   Result
	kept  []keptFile // sorted by key
	lines int        // in kept
	// full is set once kept holds limit lines: a file ordered after
	// last needs no lines.
	full bool
	last string
}

type keptFile struct {
	key  string
	file File
}

// room is how many lines a file with this key may need: 0 when the
// kept lines already come before it, -1 for no limit.
func (k *keeper) room(key string) int {
	if k.limit <= 0 {
		return -1
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.full && key > k.last {
		return 0
	}
	return k.limit
}

func (k *keeper) add(key string, r fileResult) {
	k.mu.Lock()
	defer k.mu.Unlock()
	switch r.skip {
	case binaryFile:
		k.res.Binary++
		return
	case tooLarge:
		k.res.TooLarge++
		return
	case unreadable:
		k.res.Unreadable++
		return
	}
	k.res.Searched++
	if r.Count == 0 {
		return
	}
	k.res.MatchedLines += r.Count
	k.res.MatchedFiles++
	if len(r.Lines) == 0 {
		return
	}
	i := sort.Search(len(k.kept), func(i int) bool { return k.kept[i].key > key })
	k.kept = append(k.kept, keptFile{})
	copy(k.kept[i+1:], k.kept[i:])
	k.kept[i] = keptFile{key, r.File}
	k.lines += len(r.Lines)
	if k.limit <= 0 {
		return
	}
	// Drop what lies past the first limit lines.
	for k.lines > k.limit {
		lastF := &k.kept[len(k.kept)-1]
		over := k.lines - k.limit
		if over >= len(lastF.file.Lines) {
			k.lines -= len(lastF.file.Lines)
			k.kept = k.kept[:len(k.kept)-1]
			continue
		}
		lastF.file.Lines = lastF.file.Lines[:len(lastF.file.Lines)-over]
		k.lines -= over
	}
	if k.lines == k.limit {
		k.full = true
		k.last = k.kept[len(k.kept)-1].key
	}
}

func (k *keeper) result() *Result {
	res := k.res
	for _, f := range k.kept {
		res.Files = append(res.Files, f.file)
	}
	return &res
}

type matcher struct {
	re   *regexp.Regexp
	pre  *prefilter
	opts Options
}

// file searches one file, keeping at most keep lines (-1: all). buf is
// a buffer to reuse, the one used is returned; scratch is another, for
// a lower-cased copy.
func (m *matcher) file(path string, buf []byte, keep int, scratch *[]byte) (fileResult, []byte) {
	data, why := load(path, buf, m.opts.MaxFileSize)
	if why != searched {
		return fileResult{skip: why}, data
	}
	r := fileResult{}
	m.lines(data, keep, &r.File, scratch)
	return r, data
}

// lines finds the matching lines of data.
func (m *matcher) lines(data []byte, keep int, out *File, scratch *[]byte) {
	var cur *cursor
	var hay = data
	if m.pre != nil {
		if m.pre.fold {
			if m.pre.odd && hasOddFolds(data) {
				goto plain
			}
			if cap(*scratch) < len(data) {
				*scratch = make([]byte, len(data), max(len(data), 64*1024))
			}
			hay = lowerInto(*scratch, data)
		}
		cur = m.pre.cursor(hay)
	}
plain:
	if cur == nil && !m.opts.Multiline && bytes.IndexByte(data, '\r') >= 0 {
		m.lineByLine(data, keep, out)
		return
	}
	lineNo, counted := 1, 0
	pos := 0
	for pos < len(data) {
		var ms, me int
		if cur != nil {
			at := cur.find(pos)
			if at < 0 {
				break
			}
			ls, le := lineAround(data, at)
			loc := m.re.FindIndex(trimCR(data[ls:le]))
			if loc == nil {
				pos = le + 1
				continue
			}
			ms, me = ls+loc[0], ls+loc[1]
		} else {
			loc := m.re.FindIndex(data[pos:])
			if loc == nil {
				break
			}
			ms, me = pos+loc[0], pos+loc[1]
			if ms == len(data) && ms > 0 && data[ms-1] == '\n' {
				break // the empty "line" after the final line end
			}
		}
		ls, le := lineAround(data, ms)
		if !m.opts.Multiline && me > le {
			// The match ran into the next line: only a match inside this
			// line counts.
			loc := m.re.FindIndex(data[ls:le])
			if loc == nil {
				pos = le + 1
				continue
			}
			ms, me = ls+loc[0], ls+loc[1]
		}
		lineNo += bytes.Count(data[counted:ls], []byte{'\n'})
		counted = ls
		last := le
		if m.opts.Multiline && me > le {
			_, last = lineAround(data, max(me-1, ms))
		}
		n := 1 + bytes.Count(data[ls:last], []byte{'\n'})
		out.Count += n
		if keep < 0 || len(out.Lines) < keep {
			l := ls
			for k := 0; k < n; k++ {
				_, e := lineAround(data, l)
				col := 0
				if k == 0 {
					col = ms - ls + 1
				}
				line := m.cut(data[l:e], max(col-1, 0))
				line.Number = lineNo + k
				line.Col = col
				out.Lines = append(out.Lines, line)
				l = e + 1
			}
		}
		pos = last + 1
	}
}

// lineAround returns the start and end (the "\n" or the data's end) of
// the line holding data[at].
func lineAround(data []byte, at int) (int, int) {
	ls := bytes.LastIndexByte(data[:at], '\n') + 1
	le := bytes.IndexByte(data[at:], '\n')
	if le < 0 {
		return ls, len(data)
	}
	return ls, at + le
}

// cut returns a line without its "\r", cut to MaxLine bytes around off
// (where the match starts) at character boundaries.
func (m *matcher) cut(line []byte, off int) Line {
	line = bytes.TrimSuffix(line, []byte{'\r'})
	max := m.opts.MaxLine
	if max <= 0 || len(line) <= max {
		return Line{Text: string(line)}
	}
	start := 0
	if off > max/2 {
		// Keep some text before the match.
		start = off - max/4
		for start > 0 && !utf8.RuneStart(line[start]) {
			start--
		}
	}
	end := min(start+max, len(line))
	for end < len(line) && end > start && !utf8.RuneStart(line[end]) {
		end--
	}
	return Line{Text: string(line[start:end]), CutBefore: start, CutAfter: len(line) - end}
}

// trimCR drops the "\r" of a CRLF line end, so that $ matches before it.
func trimCR(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		return line[:n-1]
	}
	return line
}

// lineByLine tests each line on its own: for text with CRLF line ends
// when no literal can be looked for first, since searching the whole
// buffer would not let $ match before a "\r".
func (m *matcher) lineByLine(data []byte, keep int, out *File) {
	lineNo := 0
	for pos := 0; pos < len(data); {
		lineNo++
		_, le := lineAround(data, pos)
		line := trimCR(data[pos:le])
		if loc := m.re.FindIndex(line); loc != nil {
			out.Count++
			if keep < 0 || len(out.Lines) < keep {
				l := m.cut(line, loc[0])
				l.Number, l.Col = lineNo, loc[0]+1
				out.Lines = append(out.Lines, l)
			}
		}
		pos = le + 1
	}
}
