package stdlib

import (
	"bytes"
	"io"
	"slices"
	"unsafe"

	"panto/internal/luanum"
	"panto/runtime"
)

// readLine reads up to and including the next newline (dropped when chop
// is set). It fails only when nothing at all could be read.
func (s *stream) readLine(chop bool) (string, bool) {
	var line []byte
	for {
		buf := s.buffered()
		if i := bytes.IndexByte(buf, '\n'); i >= 0 {
			end := i
			if !chop {
				end++
			}
			if line == nil {
				// The common case: the whole line is in the buffer.
				out := string(buf[:end])
				s.rpos += i + 1
				return out, true
			}
			line = append(line, buf[:end]...)
			s.rpos += i + 1
			return ownedString(line), true
		}
		line = append(line, buf...)
		s.rpos += len(buf)
		if s.lua != nil {
			s.lua.ChargeAlloc(len(buf))
		}
		if !s.fill() {
			return ownedString(line), len(line) > 0
		}
	}
}

// readChars reads up to n bytes; it fails when none could be read.
func (s *stream) readChars(n int64) (string, bool) {
	var out []byte
	for int64(len(out)) < n {
		buf := s.buffered()
		if len(buf) == 0 {
			if !s.fill() {
				break
			}
			continue
		}
		k := n - int64(len(out))
		if int64(len(buf)) < k {
			k = int64(len(buf))
		}
		out = append(out, buf[:k]...)
		s.rpos += int(k)
		if s.lua != nil {
			s.lua.ChargeAlloc(int(k))
		}
	}
	return ownedString(out), len(out) > 0
}

// readAll reads to the end of the file; it always succeeds (an empty
// string at the end of the file).
func (s *stream) readAll() string {
	out := append([]byte(nil), s.buffered()...)
	s.rbuf, s.rpos = s.rbuf[:0], 0
	if s.eof || s.err != nil {
		return ownedString(out)
	}
	if !s.readable {
		s.err = errBadFD
		return ownedString(out)
	}
	if len(s.wbuf) > 0 {
		if err := s.flushWrites(); err != nil {
			s.err = err
			return ownedString(out)
		}
	}
	if s.beforeRead != nil {
		s.beforeRead()
	}
	r := s.reader()
	if r == nil {
		s.eof = true
		return ownedString(out)
	}
	if s.proc != nil {
		s.replayChild()
		defer s.replayChild()
	}
	if s.file != nil && s.proc == nil {
		// Size the result from the file's length when it has one.
		if fi, err := s.file.Stat(); err == nil && fi.Mode().IsRegular() {
			if pos, err := s.file.Seek(0, io.SeekCurrent); err == nil && fi.Size() > pos {
				out = slices.Grow(out, int(fi.Size()-pos)+512)
			}
		}
	}
	// Read straight into the result rather than through rbuf.
	for {
		if cap(out)-len(out) < 512 {
			out = slices.Grow(out, max(len(out), readBufSize))
		}
		n, err := s.readSome(r, out[len(out):cap(out)])
		out = out[:len(out)+n]
		if s.lua != nil {
			s.lua.ChargeAlloc(n) // a file of gigabytes meets the memory limit
		}
		if err == io.EOF {
			s.eof = true
			break
		}
		if err != nil {
			s.err = err
			break
		}
	}
	return ownedString(out)
}

// ownedString turns a buffer that nothing else references into a string
// without copying it.
func ownedString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// testEOF is read(0): "" unless at end of file.
func (s *stream) testEOF() bool {
	_, ok := s.peek()
	return ok
}

// maxNumeral is L_MAXLENNUM: read("n") gives up on longer numerals.
const maxNumeral = 200

// numReader scans a numeral the way the reference's read("n") does: it
// accepts the longest prefix that looks like a numeral (without checking
// it fully), consuming exactly those bytes, and then converts it with the
// ordinary string-to-number rules. So "0x" or "1e" are consumed and fail,
// and "1.5.6" reads 1.5 and leaves ".6".
type numReader struct {
	s   *stream
	c   byte // current (lookahead) byte, not yet consumed
	ok  bool // c is valid (not end of file)
	n   int  // length of the numeral in buf
	bad bool // numeral too long
	buf [maxNumeral]byte
}

// next accepts the current byte into the numeral and looks at the next.
func (r *numReader) next() bool {
	if r.n >= maxNumeral {
		r.bad = true
		return false
	}
	r.buf[r.n] = r.c
	r.n++
	r.s.rpos++
	r.c, r.ok = r.s.peek()
	return true
}

// test2 accepts the current byte when it is one of set's two bytes.
func (r *numReader) test2(set string) bool {
	if r.ok && (r.c == set[0] || r.c == set[1]) {
		return r.next()
	}
	return false
}

// digits accepts a run of (hex) digits and returns its length.
func (r *numReader) digits(hex bool) int {
	n := 0
	for r.ok && isDigitByte(r.c, hex) && r.next() {
		n++
	}
	return n
}

func isDigitByte(c byte, hex bool) bool {
	if c >= '0' && c <= '9' {
		return true
	}
	return hex && (c|0x20 >= 'a' && c|0x20 <= 'f')
}

// isCSpace is C's isspace in the C locale.
func isCSpace(c byte) bool {
	return c == ' ' || (c >= '\t' && c <= '\r')
}

// readNumber implements read("n").
func (s *stream) readNumber() (runtime.Value, bool) {
	r := numReader{s: s}
	for {
		r.c, r.ok = s.peek()
		if !r.ok || !isCSpace(r.c) {
			break
		}
		s.rpos++
	}
	r.test2("-+")
	count := 0
	hex := false
	if r.test2("00") {
		if r.test2("xX") {
			hex = true
		} else {
			count = 1
		}
	}
	count += r.digits(hex)
	if r.test2("..") {
		count += r.digits(hex)
	}
	exp := "eE"
	if hex {
		exp = "pP"
	}
	if count > 0 && r.test2(exp) {
		r.test2("-+")
		r.digits(false)
	}
	if r.bad {
		return runtime.Nil, false
	}
	// StrToNumber does not keep its argument, so the numeral is passed
	// without a copy.
	i, f, isFloat, ok := luanum.StrToNumber(unsafe.String(&r.buf[0], r.n))
	if !ok {
		return runtime.Nil, false
	}
	if isFloat {
		return runtime.Float(f), true
	}
	return runtime.Int(i), true
}

// gRead reads with the formats at stack positions first..top and pushes
// one result per format, stopping at the first failure (which gives nil).
// A read error turns the results into (nil, message, errno).
func gRead(L *runtime.State, s *stream, first int) int {
	s.lua = L
	nargs := L.Top() - first + 1
	s.clearErr()
	n := first
	success := true
	if nargs <= 0 {
		line, ok := s.readLine(true)
		L.Push(runtime.String(line))
		success = ok
		n = first + 1
	} else {
		L.CheckStack(nargs + 3)
		for ; nargs > 0 && success; nargs, n = nargs-1, n+1 {
			if L.Arg(n).Type() == runtime.TypeNumber {
				l := L.CheckInteger(n)
				var str string
				if l == 0 {
					success = s.testEOF()
				} else {
					str, success = s.readChars(l)
				}
				L.Push(runtime.String(str))
				continue
			}
			p := L.CheckString(n)
			if len(p) > 0 && p[0] == '*' {
				p = p[1:] // the 5.3 spelling "*l" is still accepted
			}
			var c byte
			if len(p) > 0 {
				c = p[0]
			}
			switch c {
			case 'n':
				v, ok := s.readNumber()
				L.Push(v)
				success = ok
			case 'l', 'L':
				line, ok := s.readLine(c == 'l')
				L.Push(runtime.String(line))
				success = ok
			case 'a':
				L.Push(runtime.String(s.readAll()))
				success = true
			default:
				L.ArgError(n, "invalid format")
			}
		}
	}
	if s.err != nil {
		return fileResult(L, s.err, "")
	}
	if !success {
		L.Pop(1)
		L.Push(runtime.Nil)
	}
	return n - first
}
