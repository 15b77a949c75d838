package abi

import "sync"

//go:generate go test -run TestEventsTableInSync -update .

// LookupEvent returns the described event of that name, or nil, as
// Get().Event does, without parsing the whole description: the host
// checks every event it fires against the ABI, and the first of those
// (session start) would otherwise parse all of abi.json (85 KB of JSON,
// about 10 M instructions, a quarter of `panto run DIR --list`) for its
// 8 KB of events. TestLookupEventMatchesDescription holds it to Get().
//
// The events are compiled in as Go (events_table.go, written by go
// generate; TestEventsTableInSync holds it to abi.json): decoding even
// the events array with encoding/json cost every session's first event
// its reflection and fresh heap pages (docs/benchmarks.md, "The
// session's start").
func LookupEvent(name string) *Event { return eventsByName()[name] }

var eventsByNameOnce struct {
	sync.Once
	v map[string]*Event
}

func eventsByName() map[string]*Event {
	eventsByNameOnce.Do(func() {
		evs := eventsTable()
		m := make(map[string]*Event, len(evs))
		for i := range evs {
			m[evs[i].Name] = &evs[i]
		}
		eventsByNameOnce.v = m
	})
	return eventsByNameOnce.v
}
