package strftime

import (
	"errors"
	"math"
	"time"
)

// Errors raised by os.date and os.time in the reference interpreter (via
// luaL_error, so without an argument number).
var (
	// ErrDateRange is os.date's error when gmtime/localtime cannot
	// represent the instant, i.e. when tm_year would not fit a C int.
	ErrDateRange = errors.New("date result cannot be represented in this installation")
	// ErrTimeRange is os.time's error when mktime fails, or when it
	// returns (time_t)-1, which Lua cannot tell apart from a failure.
	ErrTimeRange = errors.New("time result cannot be represented in this installation")
)

// DateFields is the content of the table built by os.date("*t") and written
// back into the argument of os.time: the same nine fields, already shifted
// to Lua's conventions (month 1..12, wday 1..7 with Sunday = 1, yday 1..366).
type DateFields struct {
	Year, Month, Day int64
	Hour, Min, Sec   int64
	Wday, Yday       int64
	IsDST            bool
}

// DateTable breaks t down in its own location.  The year is the true year
// (Lua adds 1900 in lua_Integer arithmetic, so it does not wrap the way %Y
// does).  Use Check or FromUnix first to reject dates C cannot represent.
func DateTable(t time.Time) DateFields {
	b, isdst, ok := localtime(t.Unix(), t.Location())
	if !ok {
		b, isdst = breakDown(t), t.IsDST()
	}
	return DateFields{
		Year: b.year, Month: int64(b.mon) + 1, Day: int64(b.mday),
		Hour: int64(b.hour), Min: int64(b.min), Sec: int64(b.sec),
		Wday: int64(b.wday) + 1, Yday: int64(b.yday) + 1,
		IsDST: isdst,
	}
}

// Check reports ErrDateRange if t's year, in t's location, would overflow
// struct tm's int tm_year, which is when glibc's gmtime/localtime fail and
// os.date raises its error.
func Check(t time.Time) error {
	if _, _, ok := localtime(t.Unix(), t.Location()); !ok {
		return ErrDateRange
	}
	return nil
}

func yearFits(year int64) bool {
	ty := year - 1900
	return ty >= math.MinInt32 && ty <= math.MaxInt32
}

// FromUnix converts os.date's time argument (seconds since the epoch, any
// lua_Integer) to a time in loc, failing with ErrDateRange exactly when the
// C library would.  It exists because time.Unix silently wraps for
// arguments near the int64 limits, which would make Check unreliable.
func FromUnix(sec int64, loc *time.Location) (time.Time, error) {
	// localtime rejects anything beyond 2^59 seconds (about 18 billion
	// years, far past any year a C int can hold) before calling
	// time.Unix, which then handles the value exactly.
	if _, _, ok := localtime(sec, loc); !ok {
		return time.Time{}, ErrDateRange
	}
	return time.Unix(sec, 0).In(loc), nil
}

// fieldDeltas lists os.time's fields in the order Lua reads them, with the
// amount Lua subtracts before storing each one in a struct tm.
var fieldDeltas = [...]struct {
	name  string
	delta int64
}{
	{"year", 1900}, {"month", 1}, {"day", 0},
	{"hour", 0}, {"min", 0}, {"sec", 0},
}

// CheckField applies os.time's range check to one raw table field (key is
// "year", "month", "day", "hour", "min" or "sec"): the value, minus 1900 for
// the year and 1 for the month, must fit in a C int.  Lua checks each field
// as soon as it reads it, so a VM that wants the same error precedence (for
// example an out-of-range year reported before a missing day) can call this
// while reading the table; Normalize repeats the checks in the same order.
func CheckField(key string, value int64) error {
	for _, f := range fieldDeltas {
		if f.name == key {
			return checkField(f.name, value, f.delta)
		}
	}
	return errors.New("strftime: unknown date field " + key)
}

func checkField(name string, v, delta int64) error {
	// Written so that v - delta cannot overflow int64.
	if v >= 0 {
		if v-delta > math.MaxInt32 {
			return errors.New("field '" + name + "' is out-of-bound")
		}
	} else if v < math.MinInt32+delta {
		return errors.New("field '" + name + "' is out-of-bound")
	}
	return nil
}

// Normalize is os.time applied to a date table without an isdst field.  See
// NormalizeDST.
func Normalize(year, month, day, hour, min, sec int64, loc *time.Location) (time.Time, error) {
	return NormalizeDST(year, month, day, hour, min, sec, -1, loc)
}

// NormalizeDST converts os.time's fields to an instant in loc the way Lua
// does: each field is range-checked (in the order year, month, day, hour,
// min, sec, producing "field 'x' is out-of-bound"), then the values are
// normalised and resolved against the zone as glibc's mktime does, so month
// 13, day 0, negative seconds and the like roll over into neighbouring
// units.  year and month are the table's values (2024, 1..12); isdst is
// negative when the table has no isdst field, otherwise 0 or 1.
//
// For ambiguous or skipped local times the result depends on glibc's probing
// order and on the UTC offset found by the previous call, which glibc keeps
// in a process-wide variable; this package keeps the same state so that a
// sequence of os.time calls resolves exactly as in the reference.
//
// On ErrTimeRange the returned time is still meaningful when mktime itself
// succeeded (the one instant -1), because Lua writes the normalised fields
// back to the table before raising the error; otherwise it is the zero Time.
func NormalizeDST(year, month, day, hour, min, sec int64, isdst int, loc *time.Location) (time.Time, error) {
	vals := [...]int64{year, month, day, hour, min, sec}
	for i, f := range fieldDeltas {
		if err := checkField(f.name, vals[i], f.delta); err != nil {
			return time.Time{}, err
		}
	}
	if isdst > 0 {
		isdst = 1
	}
	req := tmRequest{
		year: int32(year - 1900), mon: int32(month - 1), mday: int32(day),
		hour: int32(hour), min: int32(min), sec: int32(sec), isdst: isdst,
	}
	t, ok := mktime(&req, loc)
	if !ok {
		return time.Time{}, ErrTimeRange
	}
	res := time.Unix(t, 0).In(loc)
	if t == -1 {
		return res, ErrTimeRange
	}
	return res, nil
}
