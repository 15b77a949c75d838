package strftime

import (
	"math"
	"sync"
	"time"
)

// localtime breaks sec down in loc the way glibc's localtime does, failing
// where glibc fails (tm_year not fitting an int).
//
// Go and glibc agree on zone rules everywhere except in the extremely far
// future: glibc evaluates a zone's POSIX rule for a year by counting days
// since 1970 in a C int, and from UTC year 5881581 on that count overflows.
// The DST transitions it then computes lie before the instant being
// converted, so zones whose DST spans the new year (southern hemisphere) are
// in DST for the whole year and all others are on standard time.  Go computes
// the rule correctly, so we substitute glibc's answer there.
func localtime(sec int64, loc *time.Location) (brokenDown, bool, bool) {
	const limit = 1 << 59 // far beyond any representable year
	if sec > limit || sec < -limit {
		return brokenDown{}, false, false
	}
	t := time.Unix(sec, 0).In(loc)
	name, off := t.Zone()
	isdst := t.IsDST()
	if sec >= farFutureStart {
		if fz := farZoneOf(loc); fz != nil && t.UTC().Year() >= farFutureYear {
			name, off, isdst = fz.name, fz.off, fz.isdst
			t = time.Unix(sec, 0).In(time.FixedZone(name, off))
		}
	}
	if !yearFits(int64(t.Year())) {
		return brokenDown{}, false, false
	}
	b := breakDown(t)
	b.gmtoff, b.zone = off, name
	return b, isdst, true
}

const (
	// farFutureYear is the first UTC year for which glibc's day count
	// (days from 1970-01-01 to 1 January of the year) exceeds INT_MAX.
	farFutureYear = 5881581
	// farFutureStart is a lower bound on the instants in farFutureYear,
	// used to skip the check cheaply for ordinary times.
	farFutureStart = math.MaxInt32 * 86400
)

// farZone is the zone glibc reports for every instant from farFutureYear on.
type farZone struct {
	name  string
	off   int
	isdst bool
}

var farZones sync.Map // *time.Location -> *farZone (nil if no override)

// farZoneOf works out, from Go's own evaluation of loc's rule in a distant
// but unaffected year, which of its two zones glibc settles on, or returns
// nil if loc has no DST rule in the far future (then Go and glibc agree).
func farZoneOf(loc *time.Location) *farZone {
	if v, ok := farZones.Load(loc); ok {
		return v.(*farZone)
	}
	jan := time.Date(5000000, time.January, 15, 0, 0, 0, 0, time.UTC).In(loc)
	jul := time.Date(5000000, time.July, 15, 0, 0, 0, 0, time.UTC).In(loc)
	var fz *farZone
	if jan.IsDST() != jul.IsDST() {
		// If January is in DST the DST period wraps around the new year
		// and glibc answers DST; otherwise it answers standard time.
		// Either way that is January's zone.
		n, o := jan.Zone()
		fz = &farZone{name: n, off: o, isdst: jan.IsDST()}
	}
	farZones.Store(loc, fz)
	return fz
}
