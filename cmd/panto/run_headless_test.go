package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// nativeProbe is a layer whose command and tool report the native API
// and run an owned agent on a provider of the user's configuration.
const nativeProbe = `local panto = require("panto")
local function probe()
  local have = {}
  for _, k in ipairs { "agent", "null_store", "file_system_jsonl_store" } do
    have[#have + 1] = k .. "=" .. type(panto[k])
  end
  have[#have + 1] = "ext.agent=" .. type(panto.ext.agent)
  local cfg, err = panto.ext.resolve_model { model = "fo:test" }
  if not cfg then return table.concat(have, " ") .. " resolve: " .. tostring(err) end
  local a = panto.agent { config = cfg, store = panto.null_store() }
  local s = a:run("ping")
  for _ in s:events() do end
  local res = s:result()
  local list = panto.file_system_jsonl_store { dir = os.getenv("PROBE_DIR") }:list()
  return table.concat(have, " ") .. " run: " .. tostring(res.status) .. " " .. tostring(res.text) .. " sessions: " .. #list
end
return { name = "probe", activate = function()
  panto.ext.register_command { name = "probe", description = "d", handler = function() return probe() end }
  panto.ext.register_tool { name = "probe", description = "d", schema = { type = "object" }, handler = function() return probe() end }
end }
`

// TestNativeAPIInEveryRunMode: under --command and --tool an extension
// has the native API (panto.agent, the stores, panto.ext.agent) and the
// providers of the user's configuration, as in a session.
func TestNativeAPIInEveryRunMode(t *testing.T) {
	isolate(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"pong\"}}]}\n\n"+
			"data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n")
	}))
	defer srv.Close()
	writeFile(t, filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "panto", "config.toml"),
		"[providers.fo]\nprotocol = \"openai-completions\"\nbase_url = \""+srv.URL+"/v1\"\nmodels = { test = \"t\" }\n")
	layer := t.TempDir()
	writeFile(t, filepath.Join(layer, "extensions", "probe.lua"), nativeProbe)
	t.Setenv("PROBE_DIR", t.TempDir())
	want := "agent=function null_store=function file_system_jsonl_store=function ext.agent=userdata run: completed pong sessions: 0"
	for _, args := range [][]string{
		{"run", layer, "--command", "/probe"},
		{"run", layer, "--tool", "probe", "--input", "{}"},
	} {
		code, out, errOut := runCLI(t, args...)
		if code != 0 || strings.TrimSpace(out) != want {
			t.Errorf("%s: exit %d\n%s\nwant %s\n%s", args[2], code, out, want, errOut)
		}
	}
}
