package builtin

import (
	"fmt"
	"strings"

	"panto/agent/provider"
	"panto/extension/config"
)

// Credentials returns the API key of provider name, configured as p,
// from the environment (getenv; nil is no environment). The variable is
// p.APIKeyEnv, else the protocol's default (ANTHROPIC_API_KEY,
// OPENAI_API_KEY).
//
// A key is required when the provider names its variable, or when it
// talks to the protocol's own service (no base_url, or the default one).
// A provider pointed elsewhere without api_key_env (a local llama.cpp,
// vLLM or Ollama) needs none: an empty key is returned and the request
// goes without credentials. A missing required key is an
// authentication *provider.Error whose message names the variable to
// set.
//
// A provider a project defined without the user's allowance
// (p.FromProject) gets the protocol's default key only for the
// protocol's own service, where that key was meant to go; pointed
// anywhere else it gets none.
//
// A detected local server (p.Detected) gets no key at all: nobody
// configured its address, so nothing of the user's goes there.
func Credentials(name string, p config.Provider, getenv func(string) string) (string, error) {
	if p.Detected {
		return "", nil
	}
	spec, builtin := Lookup(p.Protocol)
	if p.FromProject && !(builtin && p.APIKeyEnv == "" && spec.isDefaultBase(p.BaseURL)) {
		return "", nil
	}
	env := p.APIKeyEnv
	if env == "" && builtin {
		env = spec.APIKeyEnv
	}
	if env == "" {
		return "", nil
	}
	var key string
	if getenv != nil {
		key = strings.TrimSpace(getenv(env))
	}
	required := p.APIKeyEnv != "" || (builtin && spec.isDefaultBase(p.BaseURL))
	if key == "" && required {
		return "", &provider.Error{Kind: provider.Authentication, Provider: name,
			Message: fmt.Sprintf("no API key: set the environment variable %s (named by api_key_env in [providers.%s], or the protocol's default)", env, name)}
	}
	return key, nil
}
