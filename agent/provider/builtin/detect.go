package builtin

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"panto/extension/config"
)

// LocalServer is a model server panto looks for on this machine.
type LocalServer struct {
	// Name is the provider name it gets ("ollama").
	Name, Label string
	// URL is where it answers, without /v1 ("http://127.0.0.1:11434").
	URL string
}

// DefaultLocalServers are the servers probed on their default ports.
var DefaultLocalServers = []LocalServer{
	{Name: "ollama", Label: "Ollama", URL: "http://127.0.0.1:11434"},
	{Name: "llamacpp", Label: "llama.cpp", URL: "http://127.0.0.1:8080"},
}

// LocalServersEnv overrides DefaultLocalServers: "off" probes none;
// "name=URL,..." probes those instead.
const LocalServersEnv = "PANTO_LOCAL_SERVERS"

// ProbeTimeout bounds the whole probe. A closed port refuses at once; the
// bound only matters when something listens and is slow to answer, and
// keeps start-up from waiting on it.
const ProbeTimeout = 300 * time.Millisecond

// LocalServers is the list to probe given the environment, or an error
// naming a malformed PANTO_LOCAL_SERVERS.
func LocalServers(getenv func(string) string) ([]LocalServer, error) {
	v := ""
	if getenv != nil {
		v = strings.TrimSpace(getenv(LocalServersEnv))
	}
	switch v {
	case "":
		return DefaultLocalServers, nil
	case "off":
		return nil, nil
	}
	var out []LocalServer
	for _, item := range strings.Split(v, ",") {
		name, u, ok := strings.Cut(strings.TrimSpace(item), "=")
		if !ok || name == "" || strings.Contains(name, ":") || !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") {
			return nil, fmt.Errorf("%s: %q is not name=http://host:port (or \"off\")", LocalServersEnv, item)
		}
		out = append(out, LocalServer{Name: name, Label: name, URL: strings.TrimRight(u, "/")})
	}
	return out, nil
}

// Detect asks each server for its models, all at once and within
// ProbeTimeout, and returns a Builtin configuration layer with a keyless
// openai provider for each one that answered with at least one model (nil
// when none did), its first model as the layer's default.
func Detect(ctx context.Context, servers []LocalServer) *config.File {
	return DetectWithin(ctx, servers, ProbeTimeout)
}

// ExplicitProbeTimeout bounds the probe of the servers
// PANTO_LOCAL_SERVERS names: the user asked for them, so a slow one is
// worth a little more patience than a guess at a default port.
const ExplicitProbeTimeout = 2 * time.Second

// DetectWithin is Detect with another bound.
func DetectWithin(ctx context.Context, servers []LocalServer, within time.Duration) *config.File {
	f, _ := Probe(ctx, servers, within)
	return f
}

// Probe is DetectWithin that also returns the servers that gave no model
// list in time, so that a caller told of them by name can say which one
// is missing: without that, a model reference naming it fails as an
// unknown provider, which sends the user looking in the wrong place.
func Probe(ctx context.Context, servers []LocalServer, within time.Duration) (*config.File, []LocalServer) {
	if len(servers) == 0 {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(ctx, within)
	defer cancel()
	found := make([][]string, len(servers))
	var wg sync.WaitGroup
	for i, s := range servers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			found[i] = listModels(ctx, s.URL)
		}()
	}
	wg.Wait()
	f := &config.File{Path: "detected local servers", Builtin: true, Providers: map[string]config.Provider{}}
	var missed []LocalServer
	for i, s := range servers {
		if len(found[i]) == 0 {
			missed = append(missed, s)
			continue
		}
		p := config.Provider{Protocol: "openai", Label: s.Label + " (detected)", BaseURL: s.URL + "/v1", Detected: true, Models: map[string]string{}}
		for _, id := range found[i] {
			p.Models[id] = id
		}
		f.Providers[s.Name] = p
		if f.Models.Default == "" {
			f.Models.Default = s.Name + ":" + found[i][0]
		}
	}
	if len(f.Providers) == 0 {
		return nil, missed
	}
	return f, missed
}

// listModels reads an OpenAI-style /v1/models (llama.cpp, Ollama,
// vLLM), else Ollama's /api/tags; nil when the server does not answer
// like a model server (another program on the port).
func listModels(ctx context.Context, base string) []string {
	var openai struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if getJSON(ctx, base+"/v1/models", &openai) {
		var ids []string
		for _, m := range openai.Data {
			if m.ID != "" {
				ids = append(ids, m.ID)
			}
		}
		if len(ids) > 0 {
			sort.Strings(ids)
			return ids
		}
	}
	var tags struct {
		Models []struct {
			Name string `json:"name"`
		} `json:"models"`
	}
	if getJSON(ctx, base+"/api/tags", &tags) {
		var ids []string
		for _, m := range tags.Models {
			if m.Name != "" {
				ids = append(ids, m.Name)
			}
		}
		sort.Strings(ids)
		return ids
	}
	return nil
}

// probeClient never follows a redirect: a local probe has no business
// anywhere else.
var probeClient = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func getJSON(ctx context.Context, url string, v any) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return false
	}
	resp, err := probeClient.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Type"), "json") {
		return false
	}
	return json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(v) == nil
}
