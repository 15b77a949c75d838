package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The built-in protocols end to end: panto run DIR --prompt with a
// provider from the user's config.toml pointed at a local server that
// speaks the protocol. The model calls the demo's word_count tool, the
// session runs it, and the second request must carry the result
// answering the call; the answer is the final text.

// e2eReplies are hand-written streams: first a tool call, then the
// answer.
var e2eReplies = map[string][2]string{
	"anthropic": {
		"event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"model\":\"m-1\",\"usage\":{\"input_tokens\":50,\"output_tokens\":1}}}\n\n" +
			"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_e2e\",\"name\":\"word_count\",\"input\":{}}}\n\n" +
			"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"text\\\": \\\"a b\"}}\n\n" +
			"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\" c\\\"}\"}}\n\n" +
			"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n" +
			"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\"},\"usage\":{\"output_tokens\":20}}\n\n" +
			"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n",
		"event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_2\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"model\":\"m-1\",\"usage\":{\"input_tokens\":80,\"output_tokens\":1}}}\n\n" +
			"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n" +
			"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"It has 3 words.\"}}\n\n" +
			"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n" +
			"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{\"output_tokens\":6}}\n\n" +
			"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n",
	},
	"openai": {
		"data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m-1\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"tool_calls\":[{\"index\":0,\"id\":\"call_e2e\",\"type\":\"function\",\"function\":{\"name\":\"word_count\",\"arguments\":\"{\\\"text\\\": \\\"a b\"}}]},\"finish_reason\":null}]}\n\n" +
			"data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m-1\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\" c\\\"}\"}}]},\"finish_reason\":null}]}\n\n" +
			"data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m-1\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n" +
			"data: [DONE]\n\n",
		"data: {\"id\":\"c2\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m-1\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"It has 3 words.\"},\"finish_reason\":null}]}\n\n" +
			"data: {\"id\":\"c2\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m-1\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n" +
			"data: [DONE]\n\n",
	},
	"openai-responses": {
		"event: response.output_item.added\ndata: {\"type\":\"response.output_item.added\",\"output_index\":0,\"item\":{\"id\":\"fc_1\",\"type\":\"function_call\",\"call_id\":\"call_e2e\",\"name\":\"word_count\",\"arguments\":\"\"}}\n\n" +
			"event: response.function_call_arguments.delta\ndata: {\"type\":\"response.function_call_arguments.delta\",\"item_id\":\"fc_1\",\"output_index\":0,\"delta\":\"{\\\"text\\\": \\\"a b c\\\"}\"}\n\n" +
			"event: response.output_item.done\ndata: {\"type\":\"response.output_item.done\",\"output_index\":0,\"item\":{\"id\":\"fc_1\",\"type\":\"function_call\",\"call_id\":\"call_e2e\",\"name\":\"word_count\",\"arguments\":\"{\\\"text\\\": \\\"a b c\\\"}\"}}\n\n" +
			"event: response.completed\ndata: {\"type\":\"response.completed\",\"response\":{\"id\":\"r1\",\"status\":\"completed\",\"output\":[],\"usage\":{\"input_tokens\":50,\"output_tokens\":20}}}\n\n",
		"event: response.output_text.delta\ndata: {\"type\":\"response.output_text.delta\",\"item_id\":\"msg_1\",\"output_index\":0,\"content_index\":0,\"delta\":\"It has 3 words.\"}\n\n" +
			"event: response.completed\ndata: {\"type\":\"response.completed\",\"response\":{\"id\":\"r2\",\"status\":\"completed\",\"output\":[],\"usage\":{\"input_tokens\":80,\"output_tokens\":6}}}\n\n",
	},
}

// e2eServer plays the two replies in order and keeps the request bodies.
func e2eServer(t *testing.T, replies [2]string) (*httptest.Server, func() [][]byte) {
	var mu sync.Mutex
	var bodies [][]byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		n := len(bodies)
		bodies = append(bodies, body)
		mu.Unlock()
		if n > 1 {
			http.Error(w, `{"error":{"message":"too many requests in this test"}}`, http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, replies[n])
	}))
	t.Cleanup(srv.Close)
	return srv, func() [][]byte { mu.Lock(); defer mu.Unlock(); return append([][]byte(nil), bodies...) }
}

func TestBuiltinProtocolsEndToEnd(t *testing.T) {
	for protocol, replies := range e2eReplies {
		t.Run(protocol, func(t *testing.T) {
			isolate(t)
			srv, bodies := e2eServer(t, replies)
			writeFile(t, filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "panto", "config.toml"),
				"[providers.local]\nprotocol = \""+protocol+"\"\nbase_url = \""+srv.URL+"\"\nmodels = { m = \"m-1\" }\n")
			code, out, errOut := runCLI(t, "run", demo(t), "--prompt", "Count the words in: a b c", "--model", "local:m", "--no-session")
			if code != 0 || out != "It has 3 words.\n" {
				t.Fatalf("exit %d, out %q, err %q", code, out, errOut)
			}
			got := bodies()
			if len(got) != 2 {
				t.Fatalf("%d requests, want 2", len(got))
			}
			second := string(got[1])
			var v any
			if err := json.Unmarshal(got[1], &v); err != nil {
				t.Fatal(err)
			}
			// The result answers the call by its id, with the tool's output.
			id := map[string]string{"anthropic": `"tool_use_id":"toolu_e2e"`, "openai": `"tool_call_id":"call_e2e"`, "openai-responses": `"call_id":"call_e2e"`}[protocol]
			if !strings.Contains(second, id) || !strings.Contains(second, "1 lines, 3 words, 5 characters") {
				t.Errorf("the second request does not carry the result:\n%s", second)
			}
		})
	}
}

// TestBuiltinProtocolFromBundle: a bundle run takes its providers from
// the host's configuration too.
func TestBuiltinProtocolFromBundle(t *testing.T) {
	isolate(t)
	pkg := filepath.Join(t.TempDir(), "demo.pkg")
	if code, _, errOut := runCLI(t, "build", demo(t), "-o", pkg); code != 0 {
		t.Fatalf("build: %s", errOut)
	}
	srv, bodies := e2eServer(t, e2eReplies["openai"])
	writeFile(t, filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "panto", "config.toml"),
		"[providers.local]\nprotocol = \"openai\"\nbase_url = \""+srv.URL+"/v1\"\nmodels = { m = \"m-1\" }\n")
	code, out, errOut := runCLI(t, "run", pkg, "--prompt", "Count the words in: a b c", "--model", "local:m", "--no-session")
	if code != 0 || out != "It has 3 words.\n" || len(bodies()) != 2 {
		t.Fatalf("exit %d, out %q, err %q, %d requests", code, out, errOut, len(bodies()))
	}
}
