package strftime

import (
	"sync/atomic"
	"time"
)

// This file reproduces the observable behaviour of glibc's mktime, which
// os.time relies on.  Go's time.Date normalises fields too, but it resolves
// skipped and repeated local times differently, ignores tm_isdst, and has no
// notion of the year range of struct tm, so using it would change the
// results of os.time around DST transitions and at the edges of the range.
//
// mktime inverts localtime by probing: it guesses an instant, breaks it down,
// measures how far the broken-down wall clock is from the requested one and
// corrects the guess, giving up after a few probes.  The first guess uses the
// UTC offset that the previous call ended with, and that choice decides which
// of two instants an ambiguous wall time maps to, so the offset is kept in a
// process-wide variable just as glibc keeps it in a static.

// lastOffset is glibc's mktime heuristic state: UTC minus local time, in
// seconds, for the previous result (truncated to a C int).
var lastOffset atomic.Int32

// Probing constants of glibc's mktime (as of glibc 2.36).
const (
	maxProbes = 6
	// When the requested tm_isdst disagrees with the zone, neighbouring
	// instants are probed this far apart, out to dstSearchBound in each
	// direction, looking for one with the requested DST flag.
	dstStride      = 601200
	dstSearchBound = 457243200/2 + dstStride
)

// tmRequest is the struct tm handed to mktime: tm_year is years since 1900,
// tm_mon is 0-based, and any field may be out of its usual range.
type tmRequest struct {
	year, mon, mday, hour, min, sec int32
	isdst                           int // <0 unknown, 0 standard, 1 DST
}

// localTm is the part of localtime's result mktime looks at.
type localTm struct {
	wall  int64 // wall clock as seconds since 1970-01-01 00:00:00
	sec   int
	isdst bool
}

// convert is localtime: it fails (like glibc with EOVERFLOW) when tm_year
// would not fit an int.
func convert(t int64, loc *time.Location) (localTm, bool) {
	b, isdst, ok := localtime(t, loc)
	if !ok {
		return localTm{}, false
	}
	return localTm{wall: t + int64(b.gmtoff), sec: b.sec, isdst: isdst}, true
}

// rangedConvert is convert, except that when t cannot be broken down it
// moves t to the representable instant nearest to it (found by bisection
// towards 0, as glibc does) and breaks that down instead.
func rangedConvert(t *int64, loc *time.Location) (localTm, bool) {
	if tm, ok := convert(*t, loc); ok {
		return tm, true
	}
	bad, good := *t, int64(0)
	var goodTm localTm
	found := false
	for {
		mid := (bad >> 1) + (good >> 1) + (bad & good & 1)
		if mid == bad || mid == good {
			break
		}
		if tm, ok := convert(mid, loc); ok {
			good, goodTm, found = mid, tm, true
		} else {
			bad = mid
		}
	}
	if !found {
		return localTm{}, false
	}
	*t = good
	return goodTm, true
}

// daysFromEpoch returns the number of days from 1970-01-01 to 1 January of
// the given proleptic Gregorian year.
func daysFromEpoch(year int64) int64 {
	d := func(y int64) int64 {
		y--
		return 365*y + floorDiv(y, 4) - floorDiv(y, 100) + floorDiv(y, 400)
	}
	return d(year) - d(1970)
}

// daysBefore[leap][m] is the number of days in the year before month m.
var daysBefore = [2][12]int64{
	{0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334},
	{0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335},
}

// mktime returns the instant for req in loc, or false where glibc's mktime
// would return -1 with EOVERFLOW.
func mktime(req *tmRequest, loc *time.Location) (int64, bool) {
	// Only the month is folded into the year before the computation;
	// every other field is used as a linear offset.
	mon := int64(req.mon)
	monYears := mon / 12
	if mon%12 < 0 {
		monYears--
	}
	mon -= monYears * 12
	year := int64(req.year) + 1900 + monYears
	leap := 0
	if isLeap(year) {
		leap = 1
	}
	yday := daysBefore[leap][mon] + int64(req.mday) - 1

	// glibc allows for leap seconds by clamping the seconds for the search
	// and adding the excess back at the end.
	secReq := int64(req.sec)
	sec := min(max(secReq, 0), 59)

	// The requested wall clock, as seconds since the epoch.
	want := (daysFromEpoch(year)+yday)*86400 + int64(req.hour)*3600 + int64(req.min)*60 + sec

	t := want + int64(lastOffset.Load())
	t1, t2 := t, t
	var tm localTm
	found := false
	for probes := maxProbes; ; {
		var ok bool
		tm, ok = rangedConvert(&t, loc)
		if !ok {
			return 0, false
		}
		dt := want - tm.wall
		if dt == 0 {
			break
		}
		if t == t1 && t != t2 {
			// Oscillating between two instants: the wall time
			// falls in a gap.  Stop at the one whose DST flag
			// differs from the requested one or, with no request,
			// at the one in DST.
			if (req.isdst < 0 && tm.isdst) || (req.isdst >= 0 && (req.isdst != 0) != tm.isdst) {
				found = true
				break
			}
		}
		probes--
		if probes == 0 {
			return 0, false
		}
		t1, t2, t = t2, t, t+dt
	}

	if !found && req.isdst >= 0 && (req.isdst != 0) != tm.isdst {
		// The wall time exists but with the other DST flag.  Use the
		// UTC offset of the nearest instant having the requested flag
		// (probing backwards first), or failing that assume DST is one
		// hour.
	search:
		for delta := int64(dstStride); delta < dstSearchBound; delta += dstStride {
			for _, dir := range [2]int64{-1, 1} {
				ot := t + delta*dir
				otm, ok := rangedConvert(&ot, loc)
				if !ok {
					return 0, false
				}
				if (req.isdst != 0) != otm.isdst {
					continue
				}
				gt := ot + (want - otm.wall)
				if gtm, ok := convert(gt, loc); ok {
					t, tm, found = gt, gtm, true
					break search
				}
			}
		}
		if !found {
			if req.isdst == 0 {
				t += 3600
			} else {
				t -= 3600
			}
			var ok bool
			if tm, ok = convert(t, loc); !ok {
				return 0, false
			}
		}
	}

	lastOffset.Store(int32(t - want))

	if secReq != int64(tm.sec) {
		t += secReq - sec
		if _, ok := convert(t, loc); !ok {
			return 0, false
		}
	}
	return t, true
}
