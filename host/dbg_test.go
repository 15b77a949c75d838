package host
import "testing"
func TestDbg(t *testing.T) {
	th := hostWith(t, map[string]string{"config.toml": `
[providers.anthropic]
protocol = "anthropic"
models = { sonnet = "claude-sonnet-4-5", haiku = "claude-haiku-4-5" }
reasoning = ["low", "high"]
[providers.local]
protocol = "demo"
models = { small = "tiny-1", sonnet = "other-sonnet" }
[models]
default = "anthropic:haiku"
reasoning = "low"
`, "extensions/x.lua": `local ext = require("panto").ext
return {name="x", activate=function()
print(pcall(ext.models, {}))
print(pcall(ext.models, { query = "SON" }))
print(pcall(ext.models, { model = "claude-sonnet-4-5" }))
print(pcall(ext.models, { model = "anthropic:claude-sonnet-4-5" }))
print(pcall(ext.resolve_model, {}))
end}`})
	t.Log(th.out.String(), th.problems())
}
