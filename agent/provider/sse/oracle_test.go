package sse

import (
	"strings"
	"testing"
)

// TestReaderAgreesWithTheStandard: inputs at the edges of the format
// (line ends split between reads, the BOM in pieces, fields without a
// colon or a space, events that never got data, lines longer than the
// reader's first buffer, a stream cut anywhere) read as the reference
// reading of the standard says, however the bytes arrive.
func TestReaderAgreesWithTheStandard(t *testing.T) {
	long := strings.Repeat("x", 40<<10) // past the 16 KiB first buffer, twice
	inputs := []string{
		"",
		"\n",
		"\r",
		"\r\n\r\n",
		"data: a\n\n",
		"data: a",
		"data: a\n",
		"data: a\r",
		"data: a\r\n",
		"data: a\r\r",
		"data: a\r\n\r\ndata: b\r\n\r\n",
		"data:a\n\n",
		"data:  two spaces\n\n",
		"data\n\n",
		"data\ndata\n\n",
		"data:\n\n",
		"data: a\ndata: b\n\n",
		"data: a\n\ndata: b",
		"event: x\n\n",
		"event: x\n",
		"event: x",
		"event: x\ndata: 1\n\nevent: y\n",
		"event: x\ndata: 1\n\ndata: 2\n\n",
		"event\ndata: 1\n\n",
		"id: 7\ndata: a\n\ndata: b\n\n",
		"id: 7\ndata: a\n\nid\ndata: b\n\n",
		"id: 7\ndata: a\n\nid: 8\x00\ndata: b\n\n",
		"id:\x00\ndata: a\n\n",
		": only a comment\n\n",
		":\n:\ndata: a\n\n",
		"retry: 10\nunknown: 1\ndata: a\n\n",
		"\xEF\xBB\xBFdata: a\n\n",
		"\xEF\xBB\xBF\xEF\xBB\xBFdata: a\n\n",
		"\xEF\xBB",
		"\xEF\xBBdata: a\n\n",
		"\xEF",
		"ab",
		"\xEF\xBB\xBF",
		"data: é\xEF\xBB\xBF\n\n",
		"data: " + long + "\n\n",
		"data: " + long + "\r\ndata: " + long + "\r\n\r\n",
		"data: " + long,
		": " + long + "\ndata: a\n\n",
		"data: a\n\n\n\n\ndata: b\n\n",
		"data: a\r\n\r",
		"event: content_block_delta\ndata: {}\n\nevent: ping\ndata: {}\n\n",
		"event: content_block_delta2\ndata: {}\n\n",
		"event: message_stop\n\ndata: x\n\n",
	}
	for _, in := range inputs {
		want, wantErr := reference(in)
		for _, rd := range readers {
			evs, err := readAll(NewReader(rd.wrap(strings.NewReader(in))))
			if !equal(evs, want) || err != wantErr {
				name := in
				if len(name) > 60 {
					name = name[:60] + "…"
				}
				t.Errorf("%s: %q\n got %q, %v\nwant %q, %v", rd.name, name, clipped(evs), err, clipped(want), wantErr)
			}
		}
	}
}

// clipped shortens long data for a failure message.
func clipped(evs []got) []got {
	out := make([]got, len(evs))
	for i, e := range evs {
		if len(e.Data) > 40 {
			e.Data = e.Data[:40] + "…"
		}
		out[i] = e
	}
	return out
}
