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
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sync"
	"sync/atomic"
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
	Files        []File // files with a match, in the order given
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
	binary
	tooLarge
	unreadable
)

// Search searches files (paths relative to base, or absolute).
func Search(ctx context.Context, base string, files []string, opts Options) (*Result, error) {
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
	results := make([]fileResult, len(files))
	var next atomic.Int64
	// cutoff: files from this index on are only counted, because the
	// files before it already hold Limit lines.
	var cutoff atomic.Int64
	cutoff.Store(int64(len(files)))
	var mu sync.Mutex
	done := make([]bool, len(files))
	prefix, prefixLines := 0, 0
	finish := func(i int) {
		if opts.Limit <= 0 {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		done[i] = true
		for prefix < len(files) && done[prefix] && prefixLines < opts.Limit {
			prefixLines += len(results[prefix].Lines)
			prefix++
		}
		if prefixLines >= opts.Limit && int64(prefix) < cutoff.Load() {
			cutoff.Store(int64(prefix))
		}
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []byte
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= len(files) {
					return
				}
				p := files[i]
				if !filepath.IsAbs(p) {
					p = filepath.Join(base, p)
				}
				keep := opts.Limit
				if int64(i) >= cutoff.Load() {
					keep = 0
				} else if keep <= 0 {
					keep = -1
				}
				results[i], buf = m.file(p, buf, keep)
				results[i].Path = files[i]
				finish(i)
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res := &Result{}
	kept := 0
	for _, r := range results {
		switch r.skip {
		case binary:
			res.Binary++
			continue
		case tooLarge:
			res.TooLarge++
			continue
		case unreadable:
			res.Unreadable++
			continue
		}
		res.Searched++
		if r.Count == 0 {
			continue
		}
		res.MatchedLines += r.Count
		if opts.Limit > 0 {
			room := max(opts.Limit-kept, 0)
			if len(r.Lines) > room {
				r.Lines = r.Lines[:room]
			}
			kept += len(r.Lines)
		}
		res.Files = append(res.Files, r.File)
	}
	return res, nil
}

type matcher struct {
	re   *regexp.Regexp
	pre  *prefilter
	opts Options
}

// file searches one file, keeping at most keep lines (-1: all). buf is
// a buffer to reuse; the one used is returned.
func (m *matcher) file(path string, buf []byte, keep int) (fileResult, []byte) {
	f, err := os.Open(path)
	if err != nil {
		return fileResult{skip: unreadable}, buf
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return fileResult{skip: unreadable}, buf
	}
	size := fi.Size()
	if m.opts.MaxFileSize > 0 && size > m.opts.MaxFileSize {
		return fileResult{skip: tooLarge}, buf
	}
	data, err := readAll(f, buf, size)
	if err != nil {
		return fileResult{skip: unreadable}, buf
	}
	if m.opts.MaxFileSize > 0 && int64(len(data)) > m.opts.MaxFileSize {
		return fileResult{skip: tooLarge}, data
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return fileResult{skip: binary}, data
	}
	r := fileResult{}
	m.lines(data, keep, &r.File)
	return r, data
}

// readAll reads f into buf (grown as needed) up to its end.
func readAll(f *os.File, buf []byte, size int64) ([]byte, error) {
	want := int(size) + 1 // one more, to see the end in the same read
	if cap(buf) < want {
		buf = make([]byte, 0, max(want, 64*1024))
	}
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) || (err == nil && n == 0) {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// lines finds the matching lines of data.
func (m *matcher) lines(data []byte, keep int, out *File) {
	var cur *cursor
	var hay = data
	if m.pre != nil {
		if m.pre.fold {
			if hasOddFolds(data) {
				goto plain
			}
			hay = lowerASCII(append([]byte(nil), data...))
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
