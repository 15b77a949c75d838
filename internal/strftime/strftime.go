// Package strftime implements the calendar side of Lua 5.4's os library:
// the strftime-style formatting behind os.date, the broken-down date table
// returned by os.date("*t"), and the normalisation os.time applies to a date
// table.
//
// The reference implementation delegates all of this to the C library, so
// observable behaviour is whatever glibc does in the "C" locale.  Lua programs
// (and the conformance suite) depend on those exact strings, including odd
// corners such as unpadded years, truncated %z offsets and the int overflow of
// tm_year+1900, so this package reproduces glibc's output rather than Go's
// time.Format conventions.  Nothing here depends on the process locale or on
// the TZ environment: the zone comes entirely from the time.Time passed in.
package strftime

import (
	"strings"
	"sync"
	"time"
)

// GMT is the location the VM should use for os.date formats starting with
// '!'.  Lua then calls gmtime, and glibc names the zone of a gmtime result
// "GMT" (while localtime with TZ=UTC names it "UTC"); Go's time.UTC would
// print "UTC", so a distinct fixed zone is needed to reproduce %Z. It is
// made by the first call: time.FixedZone in a package variable would run
// in every process's initialisation (docs/benchmarks.md, "Start-up and
// memory, sixth pass").
func GMT() *time.Location {
	gmt.Do(func() { gmt.loc = time.FixedZone("GMT", 0) })
	return gmt.loc
}

var gmt struct {
	sync.Once
	loc *time.Location
}

// SpecError reports a conversion that Lua's os.date refuses.  Its message is
// exactly the one Lua passes to luaL_argerror for argument 1, so the VM only
// needs to wrap it as "bad argument #1 to 'date' (...)".
type SpecError struct {
	// Spec is the text Lua quotes: '%' followed by the rest of the format
	// string from the offending conversion on, cut at the first NUL byte
	// (Lua formats it with %s, which stops there).
	Spec string
}

func (e *SpecError) Error() string {
	return "invalid conversion specifier '" + e.Spec + "'"
}

// Lua 5.4 validates each conversion against LUA_STRFTIMEOPTIONS before
// handing it to strftime: the C99 one-letter set plus the E and O modified
// forms below.  Everything else (including glibc extensions like %s, %k, %P,
// flags and widths) is an error, so the lists are kept separate from the
// formatting switch to make the accepted set explicit.
const (
	singleOptions = "aAbBcCdDeFgGhHIjmMnprRStTuUVwWxXyYzZ%"
	doubleOptions = "EcECExEXEyEYOdOeOHOIOmOMOSOuOUOVOwOWOy"
)

var (
	weekdayAbbr = [7]string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}
	weekdayFull = [7]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}
	monthAbbr   = [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
	monthFull   = [12]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
)

// brokenDown mirrors the fields of a C struct tm that strftime reads.  Year
// is kept as the true (64-bit) year; conversions that glibc computes in int
// derive their wrapped values from it explicitly.
type brokenDown struct {
	year   int64 // full year, e.g. 1970
	mon    int   // 0..11
	mday   int   // 1..31
	hour   int   // 0..23
	min    int   // 0..59
	sec    int   // 0..59
	wday   int   // 0..6, Sunday = 0
	yday   int   // 0..365
	gmtoff int   // seconds east of UTC
	zone   string
}

func breakDown(t time.Time) brokenDown {
	y, m, d := t.Date()
	hh, mm, ss := t.Clock()
	name, off := t.Zone()
	return brokenDown{
		year: int64(y), mon: int(m) - 1, mday: d,
		hour: hh, min: mm, sec: ss,
		wday: int(t.Weekday()), yday: t.YearDay() - 1,
		gmtoff: off, zone: name,
	}
}

// tmYear is tm_year as glibc holds it (an int).  Callers are expected to
// have rejected dates whose tm_year does not fit (see Check), as Lua does.
func (b *brokenDown) tmYear() int32 { return int32(b.year - 1900) }

// cYear is tm_year + 1900 evaluated in C int arithmetic.  For the last 1900
// representable years it wraps around to negative numbers, and glibc prints
// the wrapped value for %Y, %C, %G and friends; we do the same.
func (b *brokenDown) cYear() int32 { return b.tmYear() + 1900 }

// Format appends the expansion of format for t to dst, following os.date's
// rules: ordinary bytes (including NULs) are copied, and each conversion is
// first validated against Lua's list and then expanded as glibc's strftime
// does in the C locale.  On an invalid conversion it returns dst as far as it
// got together with a *SpecError.  The zone used by %z and %Z is t's
// location; pass t.In(GMT()) to emulate os.date("!...").
func Format(dst []byte, format string, t time.Time) ([]byte, error) {
	b, _, ok := localtime(t.Unix(), t.Location())
	if !ok {
		// Not representable in C; Lua would have failed earlier (see
		// Check).  Format what Go computes rather than fail.
		b = breakDown(t)
	}
	for i := 0; i < len(format); {
		c := format[i]
		if c != '%' {
			j := strings.IndexByte(format[i:], '%')
			if j < 0 {
				j = len(format) - i
			}
			dst = append(dst, format[i:i+j]...)
			i += j
			continue
		}
		i++
		rest := format[i:]
		var conv byte
		switch {
		case len(rest) >= 1 && strings.IndexByte(singleOptions, rest[0]) >= 0:
			conv = rest[0]
			i++
		case len(rest) >= 2 && isDoubleOption(rest[0], rest[1]):
			// In the C locale the E and O modifiers have no alternative
			// representation, so glibc prints the plain conversion.
			conv = rest[1]
			i += 2
		default:
			if k := strings.IndexByte(rest, 0); k >= 0 {
				rest = rest[:k]
			}
			return dst, &SpecError{Spec: "%" + rest}
		}
		dst = b.appendConv(dst, conv)
	}
	return dst, nil
}

func isDoubleOption(a, b byte) bool {
	for k := 0; k+1 < len(doubleOptions); k += 2 {
		if doubleOptions[k] == a && doubleOptions[k+1] == b {
			return true
		}
	}
	return false
}

// appendConv expands one validated conversion character.
func (b *brokenDown) appendConv(dst []byte, conv byte) []byte {
	switch conv {
	case 'a':
		return append(dst, weekdayAbbr[b.wday]...)
	case 'A':
		return append(dst, weekdayFull[b.wday]...)
	case 'b', 'h':
		return append(dst, monthAbbr[b.mon]...)
	case 'B':
		return append(dst, monthFull[b.mon]...)
	case 'c':
		// C-locale d_t_fmt is "%a %b %e %H:%M:%S %Y".
		dst = b.appendConv(dst, 'a')
		dst = append(dst, ' ')
		dst = b.appendConv(dst, 'b')
		dst = append(dst, ' ')
		dst = b.appendConv(dst, 'e')
		dst = append(dst, ' ')
		dst = b.appendConv(dst, 'T')
		dst = append(dst, ' ')
		return b.appendConv(dst, 'Y')
	case 'C':
		// glibc: year/100 rounded towards minus infinity, no padding
		// beyond one digit, on the int-wrapped year.
		y := int64(b.cYear())
		return appendNum(dst, floorDiv(y, 100), 1, '0')
	case 'd':
		return appendNum(dst, int64(b.mday), 2, '0')
	case 'D', 'x':
		// %D is "%m/%d/%y"; the C locale's d_fmt is the same.
		dst = b.appendConv(dst, 'm')
		dst = append(dst, '/')
		dst = b.appendConv(dst, 'd')
		dst = append(dst, '/')
		return b.appendConv(dst, 'y')
	case 'e':
		return appendNum(dst, int64(b.mday), 2, ' ')
	case 'F':
		dst = b.appendConv(dst, 'Y')
		dst = append(dst, '-')
		dst = b.appendConv(dst, 'm')
		dst = append(dst, '-')
		return b.appendConv(dst, 'd')
	case 'g':
		// Unlike %y, glibc derives %g from the int-wrapped ISO year, so
		// the two can disagree when tm_year+1900 overflows.
		gy, _ := b.isoWeek()
		return appendNum(dst, floorMod(int64(int32(gy)), 100), 2, '0')
	case 'G':
		gy, _ := b.isoWeek()
		return appendNum(dst, int64(int32(gy)), 1, '0')
	case 'H':
		return appendNum(dst, int64(b.hour), 2, '0')
	case 'I':
		h := b.hour % 12
		if h == 0 {
			h = 12
		}
		return appendNum(dst, int64(h), 2, '0')
	case 'j':
		return appendNum(dst, int64(b.yday+1), 3, '0')
	case 'm':
		return appendNum(dst, int64(b.mon+1), 2, '0')
	case 'M':
		return appendNum(dst, int64(b.min), 2, '0')
	case 'n':
		return append(dst, '\n')
	case 'p':
		if b.hour < 12 {
			return append(dst, "AM"...)
		}
		return append(dst, "PM"...)
	case 'r':
		// C-locale t_fmt_ampm is "%I:%M:%S %p".
		dst = b.appendConv(dst, 'I')
		dst = append(dst, ':')
		dst = b.appendConv(dst, 'M')
		dst = append(dst, ':')
		dst = b.appendConv(dst, 'S')
		dst = append(dst, ' ')
		return b.appendConv(dst, 'p')
	case 'R':
		dst = b.appendConv(dst, 'H')
		dst = append(dst, ':')
		return b.appendConv(dst, 'M')
	case 'S':
		return appendNum(dst, int64(b.sec), 2, '0')
	case 't':
		return append(dst, '\t')
	case 'T', 'X':
		// %X is the C locale's t_fmt, "%H:%M:%S", identical to %T.
		dst = b.appendConv(dst, 'H')
		dst = append(dst, ':')
		dst = b.appendConv(dst, 'M')
		dst = append(dst, ':')
		return b.appendConv(dst, 'S')
	case 'u':
		return appendNum(dst, int64((b.wday+6)%7+1), 1, '0')
	case 'U':
		return appendNum(dst, int64((b.yday-b.wday+7)/7), 2, '0')
	case 'V':
		_, wk := b.isoWeek()
		return appendNum(dst, int64(wk), 2, '0')
	case 'w':
		return appendNum(dst, int64(b.wday), 1, '0')
	case 'W':
		return appendNum(dst, int64((b.yday-(b.wday+6)%7+7)/7), 2, '0')
	case 'y':
		// glibc takes tm_year % 100 (not the wrapped full year) and
		// folds negative remainders into 0..99.
		yy := b.tmYear() % 100
		if yy < 0 {
			yy += 100
		}
		return appendNum(dst, int64(yy), 2, '0')
	case 'Y':
		return appendNum(dst, int64(b.cYear()), 1, '0')
	case 'z':
		// glibc picks the sign from the offset in seconds, then truncates
		// the magnitude to whole minutes (so -00:00:30 prints "-0000").
		off := b.gmtoff
		if off < 0 {
			dst = append(dst, '-')
			off = -off
		} else {
			dst = append(dst, '+')
		}
		off /= 60
		return appendNum(dst, int64(off/60*100+off%60), 4, '0')
	case 'Z':
		return append(dst, b.zone...)
	case '%':
		return append(dst, '%')
	}
	panic("strftime: unvalidated conversion")
}

// isoWeek returns the ISO 8601 week-based year and week number (1..53),
// computed from tm_yday and tm_wday the way strftime does, so it stays
// correct for any proleptic Gregorian year.
func (b *brokenDown) isoWeek() (year int64, week int) {
	year = b.year
	days := isoWeekDays(b.yday, b.wday)
	if days < 0 {
		// The day belongs to the last week of the previous ISO year.
		year--
		days = isoWeekDays(b.yday+daysInYear(year), b.wday)
	} else if next := isoWeekDays(b.yday-daysInYear(year), b.wday); next >= 0 {
		// It already falls in week 1 of the next ISO year.
		year++
		days = next
	}
	return year, days/7 + 1
}

// isoWeekDays returns how many days the day with the given year-day and
// weekday lies after the Monday that starts ISO week 1 of that year (the
// Monday on or before 4 January).  yday may lie outside 0..365 to ask the
// question relative to a neighbouring year.
func isoWeekDays(yday, wday int) int {
	// Weekday of 4 January of the year yday counts from, in 0..6 with
	// Monday = 0.
	jan4 := int(floorMod(int64(wday-1-(yday-3)), 7))
	week1Monday := 3 - jan4
	return yday - week1Monday
}

func daysInYear(y int64) int {
	if isLeap(y) {
		return 366
	}
	return 365
}

func isLeap(y int64) bool {
	return y%4 == 0 && (y%100 != 0 || y%400 == 0)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func floorMod(a, b int64) int64 {
	m := a % b
	if m != 0 && ((m < 0) != (b < 0)) {
		m += b
	}
	return m
}

// appendNum prints v in decimal, padded on the left to at least width
// characters with pad.  As in glibc, a minus sign counts towards the width
// and zero padding goes between the sign and the digits.
func appendNum(dst []byte, v int64, width int, pad byte) []byte {
	var buf [24]byte
	i := len(buf)
	neg := v < 0
	u := uint64(v)
	if neg {
		u = -u
	}
	for {
		i--
		buf[i] = byte('0' + u%10)
		u /= 10
		if u == 0 {
			break
		}
	}
	n := len(buf) - i
	if neg {
		n++
	}
	if neg && pad == '0' {
		dst = append(dst, '-')
	}
	for ; n < width; n++ {
		dst = append(dst, pad)
	}
	if neg && pad != '0' {
		dst = append(dst, '-')
	}
	return append(dst, buf[i:]...)
}
