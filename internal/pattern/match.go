package pattern

import (
	"strconv"
	"strings"
	"sync/atomic"
)

// The engine is a backtracking matcher over byte offsets. Its recursion
// structure deliberately mirrors the reference implementation's: which
// pattern items recurse (captures, '?', '*', '+', '-') and which continue in a
// loop (single items, %b, %f, back-references) decides both when "pattern too
// complex" is raised and which errors are reached at all, and Lua programs can
// observe both. Recursion is bounded by maxCalls, so the Go stack stays small
// (a few hundred frames) whatever the pattern; repetition of a single item
// loops instead of recursing per repetition.

const (
	// maxCaptures is LUA_MAXCAPTURES: opening a 33rd capture is an error.
	maxCaptures = 32
	// maxCalls is MAXCCALLS: nested matcher calls allowed before
	// "pattern too complex".
	maxCalls = 200

	// smallCaptures is how many captures a state holds before it needs
	// an array of maxCaptures (see state.small).
	smallCaptures = 4

	// Capture lengths that are not lengths (the capture's len field).
	capUnfinished = -1
	capPosition   = -2

	// noMatch is the subject offset returned for a failed match.
	noMatch = -1
)

// Error is a pattern error. Its text is exactly the reference interpreter's
// message without the "file:line:" prefix, which the VM adds when it raises
// the error.
type Error string

func (e Error) Error() string { return string(e) }

// budgetError aborts a match that exceeded the step budget. Only tests set a
// budget (the fuzz targets, so that exponential patterns stay fast); Lua
// itself has no such limit: the VM stops a long match through Work.
type budgetError struct{}

func (budgetError) Error() string { return "pattern step budget exceeded" }

// Work receives what the matcher does as it goes, so that the VM can count
// it against budgets, deadlines and the memory limit; its methods may panic
// to abort the match (the panic propagates to the caller of the matching
// function). A *runtime.State is one.
//
// Tick gets the matcher's steps, every workQuantum or so: one per attempt,
// per greedy repetition, per end a lazy repetition tries and per '?' whose
// item matched, and one per 64 subject bytes a greedy repetition, %b or a
// back-reference scans. Those are the places where
// backtracking can multiply the work ("a*a*a*...c" is exponential), and
// every other call of the matcher's recursion is one of a chain no longer
// than the pattern, so the steps stay proportional to the work without
// costing each call of the recursion a count.
//
// ChargeAlloc gets, before Gsub allocates them, the bytes of the result it
// builds: every 64 KB, and the rest before the last copy.
type Work interface {
	Tick(steps int)
	ChargeAlloc(bytes int)
}

// workQuantum is how many steps the matcher gathers before calling Work.
const workQuantum = 256

type capture struct {
	init int // subject offset where the capture starts
	len  int // its length, or capUnfinished / capPosition
}

// state is the matcher state for one subject/pattern pair (MatchState).
type state struct {
	src     string
	pat     string // the pattern, without a leading anchor the caller honours
	level   int    // number of captures opened so far
	depth   int    // remaining nested match calls
	limited bool   // whether budget applies (tests only)
	budget  int    // remaining steps when limited
	work    Work   // nil: nobody counts
	steps   int    // steps not yet reported to work
	// The captures opened so far (see capAt): the first ones in small,
	// the others in more, allocated when a pattern opens more than
	// smallCaptures. Every find and gsub makes a new state, and zeroing
	// a whole [maxCaptures]capture (512 bytes) each time cost json about
	// 60 instructions a call; most patterns have a capture or two.
	small [smallCaptures]capture
	more  *[maxCaptures]capture

	// Prefilter for the first pattern item (see preparePrefilter).
	prefiltered bool // whether firstEnd and firstLit have been set
	firstAt     int  // offset of the first item, after the captures opening the pattern
	firstEnd    int  // end of the first item when usable as a filter, else 0
	firstLit    int  // the first item's byte when it is a literal, else -1
	// single: the pattern is its first item alone, a byte of firstSet or
	// firstLit without suffix (patInfo.single); see attemptsSingle.
	single bool
	// firstSet is the set of bytes the first item matches when it is a
	// bracket class (compiled) or an escape ("%d"), else nil: scan tests
	// bytes against it in a loop of its own rather than through
	// singleMatch, 5 instructions a byte instead of about 45.
	firstSet *classSet

	// The bracket class last looked at (matchBracketClass, classEnd):
	// scanning a subject tests one class against byte after byte, and
	// parsing the class again for each byte cost json's encoder and
	// decoder a sixth of their instructions. setAt is 1 + the offset of
	// its '[' (0: none yet), setEnd the offset after its ']' once
	// classEnd has found it, set its compiled form (nil: none).
	setAt  int
	setEnd int
	set    *classSet
}

// bracketCache makes the class at pi the one remembered.
func (ms *state) bracketCache(pi int) {
	if ms.setAt != pi+1 {
		ms.setAt, ms.setEnd, ms.set = pi+1, 0, nil
	}
}

func (ms *state) fail(msg string) {
	panic(Error(msg))
}

// step counts n steps of work, reporting them when a quantum is full.
// The per-call count in match is spelt out there, to stay inlined.
func (ms *state) step(n int) {
	ms.steps += n
	if ms.steps >= workQuantum {
		ms.report()
	}
}

// report hands the steps gathered to work, and to the tests' budget.
func (ms *state) report() {
	n := ms.steps
	ms.steps = 0
	if ms.limited {
		ms.budget -= n
		if ms.budget < 0 {
			panic(budgetError{})
		}
	}
	if ms.work != nil {
		ms.work.Tick(n)
	}
}

// scan looks for the first start offset from si on (only si itself when
// anchored) where the pattern matches with an end other than lastMatch (-1
// for none), and returns the match's bounds, or start == noMatch. Each
// attempt starts with no captures and the full depth allowance, as in the
// reference. A raised pattern error becomes an ordinary error; only our own
// panic values are recovered, anything else is a bug and propagates.
//
// A pattern known to raise no error (errorFree) needs no recovery, whose
// defer, closure and recover cost about 60 instructions a call: find and
// gsub call attempts directly for it.
func (ms *state) scan(si int, anchor bool, lastMatch int) (start, end int, err error) {
	defer func() {
		if r := recover(); r != nil {
			switch r := r.(type) {
			case Error:
				start, end, err = noMatch, noMatch, r
			case budgetError:
				start, end, err = noMatch, noMatch, r
			default:
				panic(r)
			}
		}
	}()
	start, end = ms.attempts(si, anchor, lastMatch)
	return start, end, nil
}

// attempts is scan's loop over the start offsets; the matcher's errors
// are raised through it.
func (ms *state) attempts(si int, anchor bool, lastMatch int) (start, end int) {
	if ms.single && !anchor {
		return ms.attemptsSingle(si)
	}
	for ; si <= len(ms.src); si++ {
		if ms.firstEnd > 0 && !anchor {
			// Skip offsets where the first item cannot match: the attempt
			// would fail at once, without any observable effect.
			if cs := ms.firstSet; cs != nil {
				src := ms.src
				for si < len(src) && !cs.has[src[si]] {
					si++
				}
				if si == len(src) {
					break // the item needs a byte
				}
			} else if ms.firstLit >= 0 {
				j := strings.IndexByte(ms.src[si:], byte(ms.firstLit))
				if j < 0 {
					break
				}
				si += j
			} else if !ms.singleMatch(si, ms.firstAt, ms.firstEnd) {
				continue
			}
		}
		ms.level = 0
		ms.depth = maxCalls
		if ms.steps++; ms.steps >= workQuantum {
			ms.report()
		}
		if e := ms.match(si, 0); e != noMatch && e != lastMatch {
			return si, e
		}
		if anchor {
			break
		}
		if !ms.prefiltered {
			ms.preparePrefilter()
		}
	}
	return noMatch, noMatch
}

// attemptsSingle is attempts for an unanchored pattern that is one
// single-byte item without suffix ("[^ \t\r\n]", "%d", "x"): the prefilter
// finds the first offset whose byte the item matches, and the attempt
// there, which match would make, is a match of that byte. Its step is
// counted as attempts counts it; the offsets the prefilter skips are not
// attempts. Such a match ends past its start, so never at lastMatch (at
// most si).
func (ms *state) attemptsSingle(si int) (start, end int) {
	if si = singleIndex(ms.src, si, ms.firstSet, ms.firstLit); si < 0 {
		return noMatch, noMatch
	}
	if ms.steps++; ms.steps >= workQuantum {
		ms.report()
	}
	return si, si + 1
}

// singleIndex returns the first offset from si on of a byte in cs (lit
// when cs is nil), or -1.
func singleIndex(src string, si int, cs *classSet, lit int) int {
	if cs != nil {
		for si < len(src) && !cs.has[src[si]] {
			si++
		}
		if si >= len(src) {
			return -1
		}
		return si
	}
	if si >= len(src) {
		return -1
	}
	j := strings.IndexByte(src[si:], byte(lit))
	if j < 0 {
		return -1
	}
	return si + j
}

// preparePrefilter decides, after a first complete attempt (which has parsed
// the first item and raised any error it contains), whether later attempts
// can be skipped where the subject byte does not match the first item. That
// holds when the first item is a single-byte item that must match at least
// once (no '*', '?' or '-' suffix).
//
// The captures that open a pattern ("(%d+%.%d+)", "(%a+)(%d+)") come
// before its first item: an attempt opens them and goes on to the item
// whatever the subject, and undoes them when it fails there, so the item
// decides the attempt as it does without them. An attempt has reached the
// item, and raised its errors, before any is skipped: there is no other
// way past the '(' and "()" in front of it.
func (ms *state) preparePrefilter() {
	ms.prefiltered = true
	ms.firstLit = -1
	p := ms.pat
	q := 0 // the first item, after the captures (match's parse of them)
	for q < len(p) && p[q] == '(' {
		if q+1 < len(p) && p[q+1] == ')' {
			q += 2
		} else {
			q++
		}
	}
	if q >= len(p) {
		return
	}
	switch p[q] {
	case '(', ')':
		return
	case '$':
		if q+1 == len(p) {
			return
		}
	case '%':
		if q+2 > len(p) {
			return
		}
		switch p[q+1] {
		case 'b', 'f', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			return
		}
	}
	ep := ms.classEnd(q)
	switch ms.pc(ep) {
	case '*', '?', '-':
		return
	}
	ms.firstAt, ms.firstEnd = q, ep
	switch p[q] {
	case '[':
		if ms.setAt == q+1 && ms.set != nil {
			ms.firstSet = ms.set // the first attempt compiled it (bracketCache)
		} else {
			ms.firstSet = ms.compiledClass(q, ep-1)
		}
	case '%':
		ms.firstSet = escapeSet(p[q+1])
	case '.':
	default:
		ms.firstLit = int(p[q])
	}
}

// pc returns pattern byte i, or 0 past the end: the reference reads the
// pattern's terminating NUL in several places, and treating "past the end" as
// byte 0 reproduces exactly what it then does.
func (ms *state) pc(i int) byte {
	if i < len(ms.pat) {
		return ms.pat[i]
	}
	return 0
}

// match matches pattern ms.pat[pi:] against the subject at offset si and
// returns the end of the match or noMatch.
func (ms *state) match(si, pi int) int {
	if ms.depth == 0 {
		ms.fail("pattern too complex")
	}
	ms.depth--
	p, s := ms.pat, ms.src
loop:
	for pi < len(p) {
		switch p[pi] {
		case '(':
			if pi+1 < len(p) && p[pi+1] == ')' {
				si = ms.startCapture(si, pi+2, capPosition)
			} else {
				si = ms.startCapture(si, pi+1, capUnfinished)
			}
			break loop
		case ')':
			si = ms.endCapture(si, pi+1)
			break loop
		case '$':
			if pi+1 == len(p) { // '$' is an anchor only as the last byte
				if si != len(s) {
					si = noMatch
				}
				break loop
			}
		case '%':
			switch c := ms.pc(pi + 1); c {
			case 'b':
				si = ms.matchBalance(si, pi+2)
				if si == noMatch {
					break loop
				}
				pi += 4
				continue
			case 'f':
				pi += 2
				if ms.pc(pi) != '[' {
					ms.fail("missing '[' after '%f' in pattern")
				}
				ep := ms.classEnd(pi)
				var prev, cur byte // the string's edges count as '\0'
				if si > 0 {
					prev = s[si-1]
				}
				if si < len(s) {
					cur = s[si]
				}
				if !ms.matchBracketClass(prev, pi, ep-1) && ms.matchBracketClass(cur, pi, ep-1) {
					pi = ep
					continue
				}
				si = noMatch
				break loop
			case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
				si = ms.matchBackref(si, c)
				if si == noMatch {
					break loop
				}
				pi += 2
				continue
			}
		}

		// A single-byte item (literal, '.', %class or [set]) with an optional
		// repetition suffix. classEnd and singleMatch, written out for
		// all but sets: the item costs two calls less.
		var ep int
		var ok bool
		switch c0 := p[pi]; c0 {
		case '[':
			ep = ms.classEnd(pi)
			ok = ms.singleMatch(si, pi, ep)
		case '%':
			if pi+1 >= len(p) {
				ms.fail("malformed pattern (ends with '%')")
			}
			ep = pi + 2
			ok = si < len(s) && matchClass(s[si], p[pi+1])
		case '.':
			ep = pi + 1
			ok = si < len(s)
		default:
			ep = pi + 1
			ok = si < len(s) && s[si] == c0
		}
		suffix := ms.pc(ep)
		if !ok {
			if suffix == '*' || suffix == '?' || suffix == '-' { // may match empty
				pi = ep + 1
				continue
			}
			si = noMatch
			break loop
		}
		switch suffix {
		case '?':
			// Both ways may be tried: "a?a?a?...b" is exponential.
			if ms.steps++; ms.steps >= workQuantum {
				ms.report()
			}
			if r := ms.match(si+1, ep+1); r != noMatch {
				si = r
				break loop
			}
			pi = ep + 1
			continue
		case '+':
			si = ms.maxExpand(si+1, pi, ep)
			break loop
		case '*':
			si = ms.maxExpand(si, pi, ep)
			break loop
		case '-':
			si = ms.minExpand(si, pi, ep)
			break loop
		default:
			si++
			pi = ep
		}
	}
	ms.depth++
	return si
}

// classEnd returns the pattern offset just after the single-byte item that
// starts at pi, raising the malformed-pattern errors.
func (ms *state) classEnd(pi int) int {
	p := ms.pat
	c := p[pi]
	pi++
	switch c {
	case '%':
		if pi >= len(p) {
			ms.fail("malformed pattern (ends with '%')")
		}
		return pi + 1
	case '[':
		if ms.setAt == pi && ms.setEnd != 0 {
			return ms.setEnd
		}
		start := pi - 1
		if cs := classSlot(p, start).Load(); cs != nil && strings.HasPrefix(p[start:], cs.text) {
			// A compiled class with these very bytes: it ends where
			// they end, as the parse below would find.
			ms.setAt, ms.set, ms.setEnd = pi, cs, start+len(cs.text)
			return ms.setEnd
		}
		if ms.pc(pi) == '^' {
			pi++
		}
		// The first byte of a set is never its end, so "[]]" is the set of
		// ']'; '%' escapes the following byte.
		for {
			if pi >= len(p) {
				ms.fail("malformed pattern (missing ']')")
			}
			c := p[pi]
			pi++
			if c == '%' && pi < len(p) {
				pi++
			}
			if ms.pc(pi) == ']' {
				ms.bracketCache(start)
				ms.setEnd = pi + 1
				return pi + 1
			}
		}
	}
	return pi
}

// singleMatch reports whether the subject byte at si matches the item
// pat[pi:ep].
func (ms *state) singleMatch(si, pi, ep int) bool {
	if si >= len(ms.src) {
		return false
	}
	c := ms.src[si]
	switch p := ms.pat[pi]; p {
	case '.':
		return true
	case '%':
		return matchClass(c, ms.pat[pi+1])
	case '[':
		return ms.matchBracketClass(c, pi, ep-1)
	default:
		return p == c
	}
}

// matchBracketClass reports whether c is in the set that starts with '[' at
// pi and ends with the ']' at ec.
func (ms *state) matchBracketClass(c byte, pi, ec int) bool {
	ms.bracketCache(pi)
	if ms.set == nil {
		if ms.set = ms.compiledClass(pi, ec); ms.set == nil {
			return ms.inBracketClass(c, pi, ec)
		}
	}
	return ms.set.has[c]
}

// classSet is a compiled bracket class: the bytes it matches. A byte's
// bool rather than its bit: a scan tests it with a load, about 5
// instructions a byte instead of 8.
type classSet struct {
	text string // the class as written, '[' to ']'
	has  [256]bool
}

// escapeSets holds the sets of bytes of the escapes ("%d", "%S", "%."),
// made on first use (escapeSet).
var escapeSets [256]atomic.Pointer[classSet]

// escapeSet returns the set of bytes "%cl" matches.
func escapeSet(cl byte) *classSet {
	if cs := escapeSets[cl].Load(); cs != nil {
		return cs
	}
	cs := &classSet{}
	for c := 0; c < 256; c++ {
		if matchClass(byte(c), cl) {
			cs.has[c] = true
		}
	}
	escapeSets[cl].CompareAndSwap(nil, cs)
	return escapeSets[cl].Load()
}

// classSets holds compiled classes for every matcher of the process,
// found by their first three bytes (every class has at least three, and
// the bytes after a class are not its own) and then compared whole:
// programs use a handful of classes, each in many calls (json's
// find('["\\]', i) once per string). An entry is immutable once stored,
// so States on other goroutines may share it; a slot keeps the first
// class stored in it, and a class whose slot is taken is matched without
// one, as before.
var classSets [64]atomic.Pointer[classSet]

// classSlot returns the slot of the class that starts at pat[pi].
func classSlot(pat string, pi int) *atomic.Pointer[classSet] {
	var h uint32
	if pi+3 <= len(pat) {
		h = (uint32(pat[pi+1])*31 + uint32(pat[pi+2])) * 2654435761 >> 26
	}
	return &classSets[h%uint32(len(classSets))]
}

// compiledClass returns the compiled form of the class pat[pi:ec+1], or
// nil when its slot holds another class.
func (ms *state) compiledClass(pi, ec int) *classSet {
	text := ms.pat[pi : ec+1]
	slot := classSlot(ms.pat, pi)
	if cs := slot.Load(); cs != nil {
		if cs.text == text {
			return cs
		}
		return nil
	}
	cs := &classSet{text: strings.Clone(text)}
	for c := 0; c < 256; c++ {
		if ms.inBracketClass(byte(c), pi, ec) {
			cs.has[c] = true
		}
	}
	if !slot.CompareAndSwap(nil, cs) {
		if cs2 := slot.Load(); cs2.text == text {
			return cs2
		}
		return nil
	}
	return cs
}

// inBracketClass is matchBracketClass without the kept outcomes.
func (ms *state) inBracketClass(c byte, pi, ec int) bool {
	p := ms.pat
	in := true
	if p[pi+1] == '^' {
		in = false
		pi++
	}
	for pi++; pi < ec; pi++ {
		switch {
		case p[pi] == '%':
			pi++
			if matchClass(c, p[pi]) {
				return in
			}
		case p[pi+1] == '-' && pi+2 < ec: // a range; "a-" at the end is literal
			pi += 2
			if p[pi-2] <= c && c <= p[pi] {
				return in
			}
		case p[pi] == c:
			return in
		}
	}
	return !in
}

// maxExpand matches the item pat[pi:ep] greedily from si, then backs off one
// repetition at a time until the rest of the pattern matches.
func (ms *state) maxExpand(si, pi, ep int) int {
	i := ms.repeats(si, pi, ep)
	// One step for the repetition, one per 64 bytes it covers: the
	// backing off below tries as many ends as the loop above scanned.
	ms.step(1 + i>>6)
	if ep+1 == len(ms.pat) {
		// Nothing follows: the first end tried matches, as match
		// would say at once (after its test of the depth).
		if ms.depth == 0 {
			ms.fail("pattern too complex")
		}
		return si + i
	}
	for ; i >= 0; i-- {
		if r := ms.match(si+i, ep+1); r != noMatch {
			return r
		}
	}
	return noMatch
}

// repeats returns how many bytes from si on match the item pat[pi:ep],
// what singleMatch would say byte after byte: a loop over the item's set
// of bytes costs about 5 instructions a byte, singleMatch about 40.
func (ms *state) repeats(si, pi, ep int) int {
	src := ms.src
	if si >= len(src) {
		return 0
	}
	var cs *classSet
	switch c := ms.pat[pi]; c {
	case '.':
		return len(src) - si
	case '%':
		// escapeSet's look-up, inlined: the call cost more than it.
		if cs = escapeSets[ms.pat[pi+1]].Load(); cs == nil {
			cs = escapeSet(ms.pat[pi+1])
		}
	case '[':
		ms.bracketCache(pi)
		if ms.set == nil {
			ms.set = ms.compiledClass(pi, ep-1)
		}
		if cs = ms.set; cs == nil { // another class holds its slot
			i := 0
			for ms.singleMatch(si+i, pi, ep) {
				i++
			}
			return i
		}
	default:
		i := si
		for i < len(src) && src[i] == c {
			i++
		}
		return i - si
	}
	i := si
	for i < len(src) && cs.has[src[i]] {
		i++
	}
	return i - si
}

// minExpand matches the item pat[pi:ep] lazily: as few repetitions as let the
// rest of the pattern match.
func (ms *state) minExpand(si, pi, ep int) int {
	for {
		if ms.steps++; ms.steps >= workQuantum {
			ms.report()
		}
		if r := ms.match(si, ep+1); r != noMatch {
			return r
		}
		if !ms.singleMatch(si, pi, ep) {
			return noMatch
		}
		si++
	}
}

func (ms *state) startCapture(si, pi, what int) int {
	if l := ms.level; l < smallCaptures {
		ms.small[l] = capture{init: si, len: what}
	} else {
		ms.moreCapture(si, what)
	}
	ms.level++
	r := ms.match(si, pi)
	if r == noMatch {
		ms.level-- // undo the capture
	}
	return r
}

// moreCapture is startCapture's store of a capture beyond small; it
// raises "too many captures" when the state already holds maxCaptures.
//
//go:noinline
func (ms *state) moreCapture(si, what int) {
	if ms.level >= maxCaptures {
		ms.fail("too many captures")
	}
	if ms.more == nil {
		ms.more = new([maxCaptures]capture)
	}
	ms.more[ms.level] = capture{init: si, len: what}
}

// capAt returns capture l (below the number opened).
func (ms *state) capAt(l int) *capture {
	if l < smallCaptures {
		return &ms.small[l]
	}
	return &ms.more[l]
}

func (ms *state) endCapture(si, pi int) int {
	c := ms.captureToClose()
	c.len = si - c.init
	r := ms.match(si, pi)
	if r == noMatch {
		c.len = capUnfinished // undo the close
	}
	return r
}

// captureToClose finds the innermost open capture; position captures are
// never open.
func (ms *state) captureToClose() *capture {
	l := ms.level - 1
	for ; l >= smallCaptures; l-- {
		if c := &ms.more[l]; c.len == capUnfinished {
			return c
		}
	}
	for ; l >= 0; l-- {
		if c := &ms.small[l]; c.len == capUnfinished {
			return c
		}
	}
	ms.fail("invalid pattern capture")
	return nil
}

// matchBalance implements %bxy at subject offset si; the two delimiter bytes
// start at pattern offset pi.
func (ms *state) matchBalance(si, pi int) int {
	p, s := ms.pat, ms.src
	if pi >= len(p)-1 {
		ms.fail("malformed pattern (missing arguments to '%b')")
	}
	if si >= len(s) || s[si] != p[pi] {
		return noMatch
	}
	open, close := p[pi], p[pi+1]
	depth := 1
	for si++; si < len(s); si++ {
		if si&63 == 0 {
			ms.step(1)
		}
		switch s[si] {
		case close: // tested first, so %bxx closes at the next x
			depth--
			if depth == 0 {
				return si + 1
			}
		case open:
			depth++
		}
	}
	return noMatch
}

// matchBackref implements %1..%9 (and rejects %0) at subject offset si.
func (ms *state) matchBackref(si int, digit byte) int {
	l := int(digit) - '1'
	if l < 0 || l >= ms.level || ms.capAt(l).len == capUnfinished {
		ms.fail("invalid capture index %" + strconv.Itoa(l+1))
	}
	c := *ms.capAt(l)
	if c.len == capPosition {
		// The reference compares against the length as an unsigned size, so
		// a back-reference to a position capture never matches.
		return noMatch
	}
	ms.step(c.len >> 6)
	if len(ms.src)-si >= c.len && ms.src[si:si+c.len] == ms.src[c.init:c.init+c.len] {
		return si + c.len
	}
	return noMatch
}

// result converts the state after a successful attempt into a Match.
func (ms *state) result(start, end int) Match {
	return ms.resultIn(start, end, nil)
}

// resultIn is result with its captures in *buf, grown as needed and
// reused from match to match (Gsub's and Matcher's loops, whose callers
// are done with a match before the next), rather than a new slice each
// time; nil: a new slice.
func (ms *state) resultIn(start, end int, buf *[]Capture) Match {
	m := Match{Start: start, End: end}
	if ms.level > 0 {
		if buf == nil {
			m.Captures = make([]Capture, ms.level)
		} else {
			if cap(*buf) < ms.level {
				*buf = make([]Capture, ms.level, max(ms.level, smallCaptures))
			}
			m.Captures = (*buf)[:ms.level]
		}
		for i := range m.Captures {
			c := ms.small[i%smallCaptures]
			if i >= smallCaptures {
				c = ms.more[i]
			}
			switch c.len {
			case capPosition:
				m.Captures[i] = Capture{Start: c.init, End: c.init, Position: true}
			case capUnfinished:
				m.Captures[i] = Capture{Start: c.init, End: c.init, Unfinished: true}
			default:
				m.Captures[i] = Capture{Start: c.init, End: c.init + c.len}
			}
		}
	}
	return m
}
