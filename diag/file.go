package diag

import "sort"

// Pos is a byte offset into a chunk's source. Positions stay offsets
// while source is scanned and parsed; a File turns them into lines and
// columns only when a message or debug information needs one.
type Pos int32

// NoPos marks something without a place in the source (the implicit
// return at the end of a chunk, say).
const NoPos Pos = -1

// File maps byte offsets of one chunk to lines and columns. Name is the chunk
// name as given to load: "@path" for files, "=name" for literal names, or
// the source text itself for strings loaded without a name.
type File struct {
	Name string
	// lineStarts[i] is the offset of the first byte of line i+1.
	lineStarts []int32
}

// NewFile records the line structure of src. A line ends at "\n", "\r",
// "\r\n" or "\n\r", as the Lua lexer counts lines.
func NewFile(name string, src string) *File {
	starts := make([]int32, 1, 1+len(src)/32)
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c != '\n' && c != '\r' {
			continue
		}
		if i+1 < len(src) && (src[i+1] == '\n' || src[i+1] == '\r') && src[i+1] != c {
			i++
		}
		starts = append(starts, int32(i+1))
	}
	return &File{Name: name, lineStarts: starts}
}

// Line returns the 1-based line of pos. NoPos maps to line 0.
func (f *File) Line(pos Pos) int {
	if pos < 0 {
		return 0
	}
	return sort.Search(len(f.lineStarts), func(i int) bool { return f.lineStarts[i] > int32(pos) })
}

// Column returns the 1-based byte column of pos.
func (f *File) Column(pos Pos) int {
	if pos < 0 {
		return 0
	}
	l := f.Line(pos)
	return int(pos) - int(f.lineStarts[l-1]) + 1
}

// LineCount returns the number of lines in the source.
func (f *File) LineCount() int { return len(f.lineStarts) }
