package abi

import (
	"bytes"
	"encoding/json"
	"sync"
)

// LookupEvent returns the described event of that name, or nil, as
// Get().Event does, without parsing the whole description: the host
// checks every event it fires against the ABI, and the first of those
// (session start) would otherwise parse all of abi.json (85 KB of JSON,
// about 10 M instructions, a quarter of `panto run DIR --list`) for its
// 8 KB of events. TestLookupEventMatchesDescription holds it to Get().
func LookupEvent(name string) *Event { return eventsOnly()[name] }

// eventsOnly decodes the description's "events" array alone; if abi.json
// is laid out so that it cannot find it, it falls back to the full parse.
var eventsOnly = sync.OnceValue(func() map[string]*Event {
	var evs []Event
	if !decodeEvents(abiJSON, &evs) {
		return Get().events
	}
	m := make(map[string]*Event, len(evs))
	for i := range evs {
		m[evs[i].Name] = &evs[i]
	}
	return m
})

// decodeEvents decodes the top-level "events" array of data, found by its
// key at the top level's indentation (two spaces, as abi.json is written),
// into evs. It reports false when there is no such key or the array does
// not decode.
func decodeEvents(data []byte, evs *[]Event) bool {
	const key = "\n  \"events\": "
	i := bytes.Index(data, []byte(key))
	if i < 0 {
		return false
	}
	return json.NewDecoder(bytes.NewReader(data[i+len(key):])).Decode(evs) == nil
}
