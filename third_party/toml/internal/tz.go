package internal

import (
	"sync"
	"time"
)

// Timezones used for local datetime, date, and time TOML types.
//
// The exact way times and dates without a timezone should be interpreted is not
// well-defined in the TOML specification and left to the implementation. These
// defaults to current local timezone offset of the computer.
//
// panto's patch: upstream computes them in package-level variables, which
// loads the local time zone (reading /etc/localtime) in every process that
// links this package, decoding TOML or not. They are made by the first
// call instead, and are the same three values from then on, so that the
// encoder can still tell them apart by identity.
var localZones = sync.OnceValues(func() (*time.Location, [2]*time.Location) {
	_, offset := time.Now().Zone()
	return time.FixedZone("datetime-local", offset),
		[2]*time.Location{time.FixedZone("date-local", offset), time.FixedZone("time-local", offset)}
})

// LocalDatetime is the zone of a local date-time (no offset in the TOML).
func LocalDatetime() *time.Location { dt, _ := localZones(); return dt }

// LocalDate is the zone of a local date.
func LocalDate() *time.Location { _, z := localZones(); return z[0] }

// LocalTime is the zone of a local time.
func LocalTime() *time.Location { _, z := localZones(); return z[1] }
