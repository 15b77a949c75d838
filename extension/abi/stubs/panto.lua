---@meta panto
-- The panto extension API, ABI 1.5.0: LuaLS definitions generated from
-- extension/abi/abi.json by `panto stubs`. Do not edit; regenerate.
-- require("panto") returns the module; there is no global panto. panto.ext, panto.text, panto.regex, panto.fs and panto.web come from the host (panto.regex and panto.fs since ABI 1.2, panto.web since ABI 1.3); the native API (panto.agent, panto.conversation, the stores, panto.ext.agent, and the agent, stream, job, conversation and store objects) from the agent (ABI 1.1). panto.mcp (ABI 1.4) comes from the agent: the session's MCP servers.

--- One MCP server, as panto.mcp.servers lists it.
---@class panto.McpServer
---@field name string the NAME of [mcp.servers.NAME] (or of .mcp.json)
---@field state "starting"|"connected"|"failed" where the server is in its life
---@field transport "stdio"|"http" a child process over stdin and stdout, or streamable HTTP
---@field target string the command line, or the URL
---@field error string? why a failed server failed
---@field server string? the name and version the server gave
---@field tools string[] its tools' panto names (mcp__NAME__TOOL)
---@field prompts string[] its prompts' slash command names
---@field resources boolean whether it serves resources
---@field project boolean whether the project's configuration defined it

--- What panto.mcp.call and read_resource return.
---@class panto.McpResult
---@field text string the text parts, joined
---@field attachments { media_type: string, data: string }[] images, their data in base64
---@field is_error boolean? call only: the server marked the result as an error

--- One resource, as panto.mcp.resources lists it.
---@class panto.McpResource
---@field server string the server that offers it
---@field uri string what read_resource takes
---@field name string? its name
---@field description string? what it holds
---@field mime_type string? its media type

--- What panto.web.fetch returns.
---@class panto.WebResponse
---@field url string where the body came from, after the redirects followed
---@field status integer the HTTP status code
---@field status_text string the status line, e.g. '404 Not Found'
---@field content_type string the media type, lower case, without parameters
---@field body string the body (at most max_bytes), in UTF-8 when textual
---@field truncated boolean the server sent more than max_bytes
---@field redirects integer how many redirects were followed
---@field redirect string? the target of a redirect that was not followed (another host, or past max_redirects)

--- What panto.fs.walk returns.
---@class panto.WalkResult
---@field entries { path: string, type: 'file'|'directory'|'other', link?: boolean }[] paths relative to the walked folder, '/'-separated, depth first in name order
---@field total integer how many entries matched (entries holds at most limit)
---@field skipped table<string, integer> ignored, hidden, vcs, link_dirs, link_loops, broken, unreadable
---@field stopped boolean max_entries ended the walk

--- What panto.fs.search returns.
---@class panto.SearchResult
---@field files { path: string, count: integer, lines: { line: integer, text: string, col?: integer, cut_before?: integer, cut_after?: integer }[] }[] files with kept lines, in walk order
---@field matched_lines integer all matching lines, kept or not
---@field matched_files integer
---@field searched integer files read and searched
---@field skipped table<string, integer> binary, too_large, unreadable and the walk's reasons
---@field stopped boolean max_files ended the walk

--- One match of a panto.Regex.
---@class panto.RegexMatch
---@field start integer 1-based byte position of the first byte
---@field stop integer position of the last byte (start - 1 for an empty match)
---@field text string the matched text
---@field groups (string|false)[] the groups in order; false for one that took no part
---@field named table<string, string|false> the named groups by name

--- What a source returns to run code at activation: register things inside activate().
---@class panto.Entry
---@field name string the entry's name ([extensions] allow and deny match it)
---@field activate fun() runs once per Lua state, after every source was evaluated

--- A tool: the sugar form a source may return, or the argument of register_tool.
---@class panto.ToolDeclaration
---@field name string 1 to 64 letters, digits, _ or -
---@field description string what the model reads to decide when to call it
---@field schema table a JSON schema object for the input
---@field handler fun(input: table, context: panto.ToolContext): string|panto.ToolResult runs as a coroutine: it may await luv work
---@field effects? panto.Effect[] what the tool does, for the permission decision (ABI 1.2): read, write, execute, network; {} for a tool that touches nothing (it computes from its input); a tool without effects is judged as execute and asks before it runs
---@field path_field? string the input field holding the path the tool acts on, which rules like write(src/**) match and the project boundary is checked against (ABI 1.2); an absent or empty value means the project root
---@field command_field? string the input field holding the command line the tool runs, which rules like shell(git status*) match (ABI 1.2)

--- The second argument of a tool handler.
---@class panto.ToolContext
---@field tool_call_id string
---@field tool_name string

--- What a tool handler may return instead of a string.
---@class panto.ToolResult
---@field text? string
---@field attachments? panto.Attachment[]

--- A result part besides the text.
---@class panto.Attachment
---@field media_type? string
---@field data string

--- The argument of register_command.
---@class panto.CommandDeclaration
---@field name string no leading /, no spaces
---@field description string
---@field handler fun(args: string): string|panto.CommandResult|nil gets the trimmed remainder of the slash line; a string result is the output, a panto.CommandResult (ABI 1.5) the output marked as markdown or not

--- What a command handler may return instead of a string (ABI 1.5).
---@class panto.CommandResult
---@field text string the output
---@field markdown? boolean true: the terminal UI renders text as markdown, as it renders an assistant message; elsewhere the text is printed as it is

--- The argument of register_protocol.
---@class panto.ProtocolDeclaration
---@field name string what [providers.x] protocol = "..." names
---@field open fun(request: panto.ProtocolRequest): panto.ProtocolStream
---@field effort_levels? panto.EffortLevel[] at most 32
---@field cancel_turn? fun(self: panto.ProtocolDeclaration, context: string)
---@field reset_context? fun(self: panto.ProtocolDeclaration, context: string)
---@field release_context? fun(self: panto.ProtocolDeclaration, context: string)
---@field close? fun(self: panto.ProtocolDeclaration)

--- One reasoning effort a protocol offers.
---@class panto.EffortLevel
---@field label string
---@field detail? string

--- What open(request) receives.
---@class panto.ProtocolRequest
---@field protocol string
---@field provider string
---@field model string the upstream model id
---@field purpose "turn"|"agent"|"compaction"
---@field effort? string
---@field context string the durable context string: key upstream sessions by it
---@field system_prompt string
---@field history_transcript string
---@field messages panto.Message[]
---@field tools { name: string, description: string, schema: table }[]
---@field tool_choice panto.ToolChoice
---@field notify fun() wakes a stream whose next returned nil

--- What open returns.
---@class panto.ProtocolStream
---@field next fun(self: panto.ProtocolStream): panto.StreamEvent|nil nil when nothing is ready yet
---@field cancel_turn? fun(self: panto.ProtocolStream)
---@field close? fun(self: panto.ProtocolStream)

--- One event a protocol stream returns.
---@class panto.StreamEvent
---@field type "text_delta"|"thinking_delta"|"tool_call"|"done"|"error"
---@field text? string text_delta, thinking_delta
---@field id? string tool_call
---@field name? string tool_call
---@field input_json? string tool_call: the input as JSON text
---@field usage? panto.Usage done
---@field kind? string error: rate_limit, overloaded, authentication, invalid_request, terminal, model_not_found, server, transport, context_overflow
---@field message? string error

--- Token counts (non-negative integers).
---@class panto.Usage
---@field input? integer
---@field output? integer
---@field cache_read? integer
---@field cache_write? integer
---@field reasoning? integer

--- A Lua component: what event:set_component takes.
---@class panto.Component
---@field render fun(self: panto.Component, width: integer): string|(string|number)[] returns content chunks, not pre-fitted rows
---@field handleInput? fun(self: panto.Component, data: string) raw input bytes

--- What event:set_component returns.
---@class panto.ComponentHandle
---@field invalidate fun(self: panto.ComponentHandle) repaint the block
---@field set_pinned fun(self: panto.ComponentHandle, pinned: boolean) keep it at the live transcript tail
---@field alive fun(self: panto.ComponentHandle): boolean true while the component is the one its block shows

--- The default component get_component returns: an opaque passthrough.
---@class panto.NativeComponent
---@field render fun(self: panto.NativeComponent, width: integer): string[] a fresh table of lines

--- The event userdata handlers receive.
---@class panto.Event
---@field name string
---@field get_component fun(self: panto.Event): panto.NativeComponent|panto.Component|nil
---@field set_component fun(self: panto.Event, component: panto.Component|panto.NativeComponent|nil): panto.ComponentHandle

--- panto.ext.dirs.
---@class panto.Dirs
---@field home? string absent in bundle runs
---@field project_root string
---@field layers panto.LayerDir[] lowest to highest precedence; match them by name

--- One layer in panto.ext.dirs.layers.
---@class panto.LayerDir
---@field name string base, linked, user, project, local or bundle
---@field dir string

--- panto.ext.json.
---@class panto.Json
---@field decode fun(s: string): any, string? the value, or nil and an error
---@field encode fun(v: any): string
---@field array fun(t: table): table marks t as an array, so an empty t encodes as []
---@field null lightuserdata JSON null

--- What session_info() returns.
---@class panto.SessionInfo
---@field id string
---@field directory string
---@field model? string
---@field reasoning? string
---@field api_style? string
---@field base_url? string

--- One provider in models {}.
---@class panto.ProviderInfo
---@field name string
---@field protocol string
---@field label? string
---@field base_url? string
---@field models string[] aliases
---@field reasoning string[]

--- models { model = ref }.
---@class panto.ModelInfo
---@field reference string
---@field provider string
---@field model string
---@field id string
---@field protocol string

--- An opaque model configuration from resolve_model.
---@class panto.ModelConfig

--- An item of a task list (agent:set_todos), in Claude Code's TodoWrite shape.
---@class panto.Todo
---@field content string what is to be done
---@field status string pending, in_progress or completed
---@field activeForm? string the item as an action in progress, shown while it is

--- A subagent definition (panto.subagents).
---@class panto.SubagentDefinition
---@field name string
---@field description string
---@field prompt string the system prompt
---@field source string builtin, a layer's name, or extension
---@field tools? string[] the tools it may call as written; absent: every tool
---@field model? string
---@field reasoning? string
---@field file? string

--- What run_subagent returns.
---@class panto.SubagentResult
---@field status string completed, failed or cancelled
---@field text? string the final answer
---@field error? string
---@field usage panto.Usage
---@field requests integer
---@field agent string
---@field tool_uses integer
---@field session_id? string the transcript's session id
---@field path? string the transcript's file

--- What run_foreground returns.
---@class panto.ForegroundResult
---@field success boolean
---@field exit_code? integer
---@field signal? integer
---@field stopped? boolean
---@field unknown? boolean

--- A style as a table (a spec string such as "bold #ff8800 on black" works too).
---@class panto.StyleSpec
---@field fg? string
---@field bg? string
---@field bold? boolean
---@field dim? boolean
---@field italic? boolean
---@field underline? boolean
---@field reverse? boolean
---@field strike? boolean

--- A conversation message.
---@class panto.Message
---@field role "user"|"assistant"|"tool"|"system"|"compaction"
---@field blocks panto.ContentBlock[]
---@field model? string
---@field provider? string
---@field usage? panto.Usage
---@field stop_reason? string
---@field error? string
---@field tool_call_id? string
---@field tool_name? string
---@field is_error? boolean
---@field metadata? any

--- A block of a message.
---@class panto.ContentBlock
---@field type "text"|"image"|"thinking"|"tool_call"
---@field text? string
---@field media_type? string
---@field data? string
---@field signature? string
---@field id? string
---@field name? string
---@field input? table
---@field input_json? string

--- An event of an owned agent's stream or a job: { type, fields... }.
---@class panto.AgentEvent
---@field type string

--- The settled result of a turn.
---@class panto.RunResult
---@field status "completed"|"failed"|"cancelled"
---@field text? string
---@field error? string
---@field tool_calls? table[]
---@field usage? panto.Usage
---@field requests? integer

--- agent:usage().
---@class panto.AgentUsage
---@field input integer
---@field output integer
---@field cache_read integer
---@field cache_write integer
---@field reasoning integer
---@field context integer

--- A session-info table of a store.
---@class panto.StoredSession
---@field id string
---@field created string
---@field modified string
---@field metadata? any
---@field message_count integer
---@field last_user_message? string
---@field api_style? string
---@field base_url? string
---@field model? string
---@field reasoning? string
---@field directory string

--- what a tool does (ABI 1.2)
---@alias panto.Effect "read"|"write"|"execute"|"network"

--- auto, none, required, or one tool
---@alias panto.ToolChoice "auto"|"none"|"required"|{ name: string }

--- role -> escape sequence, plus reset
---@alias panto.Styles table<string, string>

---@alias panto.EventName
---| "tool" A tool call starts streaming.
---| "tool_details" The tool name and call id are known.
---| "tool_delta" A chunk of the call's JSON arguments arrived.
---| "tool_call_complete" The call is complete: this ends the call; its result arrives later.
---| "tool_permission" The permission decision for a call, before it is dispatched (ABI 1.2): handlers see the verdict of the mode, the rules and the other voters and may write decision and reason. An allow loosens only a verdict that is not binding (deny and ask rules, plan mode's denials and earlier ask or deny votes are); ask and deny always apply. Not fired for calls the rules or the mode already deny. Since ABI 1.3 it fires for the calls of owned agents, jobs and subagents too (no lifecycle events precede those), so a vote holds whichever agent makes the call.
---| "tool_dispatch_start" The host is about to run the tool handler.
---| "tool_output_delta" Tool output arrived.
---| "tool_replay" A finished tool call of a stored conversation is drawn again (a resumed session, a /tree branch): set its component as for a live call (ABI 1.3). The call does not run; no other tool event fires for it.
---| "tool_result" The tool finished; its text is about to be sent back to the model.
---| "tool_collapse" The tool block was collapsed or expanded.
---| "thinking_delta" A chunk of model reasoning arrived.
---| "thinking_complete" The reasoning block is complete.
---| "assistant_text_delta" A chunk of assistant text arrived.
---| "assistant_text_complete" The assistant text block is complete.
---| "user_message" The user submitted a message; handlers may rewrite it before it is sent.
---| "session_ready" The session is activated and ready.
---| "session_end" The session is ending (before the Lua state is torn down).
---| "command_start" A slash command is about to run.
---| "command_end" A slash command finished.
---| "turn_start" A model turn starts.
---| "turn_end" A model turn ended.

--- A tool call starts streaming.
-- Event "tool".
---@class panto.events.tool: panto.Event
---@field index integer position of the call in the assistant message (1-based)
---@field collapsed boolean whether the tool block is collapsed

--- The tool name and call id are known.
-- Event "tool_details".
---@class panto.events.tool_details: panto.Event
---@field index integer
---@field tool_name string
---@field id string the tool call id
---@field collapsed boolean

--- A chunk of the call's JSON arguments arrived.
-- Event "tool_delta".
---@class panto.events.tool_delta: panto.Event
---@field index integer
---@field tool_name string
---@field id string
---@field delta string the argument chunk
---@field input string the arguments accumulated so far (raw JSON text)
---@field collapsed boolean

--- The call is complete: this ends the call; its result arrives later.
-- Event "tool_call_complete".
---@class panto.events.tool_call_complete: panto.Event
---@field index integer
---@field tool_name string
---@field id string
---@field input table WRITABLE during dispatch. the final decoded input; assign a Lua table to change what the handler receives
---@field collapsed boolean

--- The permission decision for a call, before it is dispatched (ABI 1.2): handlers see the verdict of the mode, the rules and the other voters and may write decision and reason. An allow loosens only a verdict that is not binding (deny and ask rules, plan mode's denials and earlier ask or deny votes are); ask and deny always apply. Not fired for calls the rules or the mode already deny. Since ABI 1.3 it fires for the calls of owned agents, jobs and subagents too (no lifecycle events precede those), so a vote holds whichever agent makes the call.
-- Event "tool_permission" (a notification: get_component returns nil).
---@class panto.events.tool_permission: panto.Event
---@field index integer
---@field tool_name string
---@field id string
---@field input table the input the handler will receive
---@field effects table the tool's declared effects (an array of strings, empty for a tool that touches nothing; { "execute" } when it declares none)
---@field mode string the permission mode: default, accept-edits, plan or yolo
---@field decision string WRITABLE during dispatch. allow, ask or deny; assign one of them to vote
---@field reason string WRITABLE during dispatch. why: the model reads it on a denial, the user on a question
---@field rule? string the rule that decided so far, as written
---@field collapsed boolean

--- The host is about to run the tool handler.
-- Event "tool_dispatch_start".
---@class panto.events.tool_dispatch_start: panto.Event
---@field index integer
---@field tool_name string
---@field id string
---@field input table the input the handler receives
---@field collapsed boolean

--- Tool output arrived.
-- Event "tool_output_delta".
---@class panto.events.tool_output_delta: panto.Event
---@field index integer
---@field tool_name string
---@field id string
---@field delta string the new output
---@field output string the output accumulated so far (its first 8 KiB and last 24 KiB while it streams); the result when partial is false
---@field partial boolean true for output the handler streams with context.output while it runs (ABI 1.3); false for the last event, the handler's result, which replaces what was streamed
---@field collapsed boolean

--- A finished tool call of a stored conversation is drawn again (a resumed session, a /tree branch): set its component as for a live call (ABI 1.3). The call does not run; no other tool event fires for it.
-- Event "tool_replay".
---@class panto.events.tool_replay: panto.Event
---@field index integer
---@field tool_name string
---@field id string
---@field input table the input the handler received
---@field output string the result the model read
---@field result_ok boolean
---@field collapsed boolean

--- The tool finished; its text is about to be sent back to the model.
-- Event "tool_result".
---@class panto.events.tool_result: panto.Event
---@field index integer
---@field tool_name string
---@field id string
---@field output string WRITABLE during dispatch. the result text; assign a string to replace it
---@field result_ok boolean false when the handler failed
---@field collapsed boolean

--- The tool block was collapsed or expanded.
-- Event "tool_collapse".
---@class panto.events.tool_collapse: panto.Event
---@field index integer
---@field tool_name string
---@field id string
---@field input table the current input
---@field output? string the current output (nil before the result)
---@field collapsed boolean

--- A chunk of model reasoning arrived.
-- Event "thinking_delta".
---@class panto.events.thinking_delta: panto.Event
---@field delta string
---@field text string the reasoning accumulated so far

--- The reasoning block is complete.
-- Event "thinking_complete".
---@class panto.events.thinking_complete: panto.Event
---@field text string

--- A chunk of assistant text arrived.
-- Event "assistant_text_delta".
---@class panto.events.assistant_text_delta: panto.Event
---@field delta string
---@field text string the text accumulated so far

--- The assistant text block is complete.
-- Event "assistant_text_complete".
---@class panto.events.assistant_text_complete: panto.Event
---@field text string

--- The user submitted a message; handlers may rewrite it before it is sent.
-- Event "user_message".
---@class panto.events.user_message: panto.Event
---@field text string WRITABLE during dispatch. the message text; assign a string to replace it

--- The session is activated and ready.
-- Event "session_ready" (a notification: get_component returns nil).
---@class panto.events.session_ready: panto.Event
---@field session_id string
---@field directory string
---@field model? string
---@field reasoning? string

--- The session is ending (before the Lua state is torn down).
-- Event "session_end" (a notification: get_component returns nil).
---@class panto.events.session_end: panto.Event
---@field session_id string
---@field reason? string why: quit, new, resume, tree, reload

--- A slash command is about to run.
-- Event "command_start" (a notification: get_component returns nil).
---@class panto.events.command_start: panto.Event
---@field command string the command name without the slash
---@field args string the trimmed remainder of the slash line

--- A slash command finished.
-- Event "command_end" (a notification: get_component returns nil).
---@class panto.events.command_end: panto.Event
---@field command string
---@field args string
---@field ok boolean
---@field error? string

--- A model turn starts.
-- Event "turn_start" (a notification: get_component returns nil).
---@class panto.events.turn_start: panto.Event
---@field turn integer 1-based turn number in the session

--- A model turn ended.
-- Event "turn_end" (a notification: get_component returns nil).
---@class panto.events.turn_end: panto.Event
---@field turn integer
---@field ok boolean
---@field error? string

---@class panto.Ext
---@field json panto.Json json.decode(s) -> value | nil, err (any top-level value); json.encode(v) -> string; json.array(t) marks t as an array; json.null is JSON null.
---@field dirs panto.Dirs Plain data published before evaluation: home (absent in bundle runs or without $HOME), project_root, layers = { { name, dir }, ... } lowest to highest precedence.
---@field agent panto.Agent The borrowed live session agent, lane-resolved: a tool running for an owned agent sees that agent, other code the session agent. Only it has submit; run and run_async are refused on it.
local Ext = {}

--- Register a tool; all four fields are required. The handler receives the decoded JSON input and a context { tool_call_id, tool_name, output } (output(text), ABI 1.3, streams a piece of output while the handler runs) and returns a string or { text, attachments = { { media_type?, data } } }.
---@param decl panto.ToolDeclaration
function Ext.register_tool(decl) end

--- Register a slash command; the handler receives the trimmed remainder of the slash line. A string result becomes the command output; so does { text, markdown? } (ABI 1.5), whose markdown = true has the terminal UI render the text as it renders an assistant message (output printed to a pipe or a file stays the text as written). nil and other values are ignored.
---@param decl panto.CommandDeclaration
function Ext.register_command(decl) end

--- Register a provider wire protocol: open(request) returns a stream with next(self); up to 32 effort levels { label, detail? }.
---@param decl panto.ProtocolDeclaration
function Ext.register_protocol(decl) end

--- Subscribe handler(event) to an event; handlers run in registration order.
---@param name panto.EventName|string a host event, or a custom event fired with emit
---@param handler fun(event: panto.Event)
---@overload fun(name: "tool", handler: fun(event: panto.events.tool))
---@overload fun(name: "tool_details", handler: fun(event: panto.events.tool_details))
---@overload fun(name: "tool_delta", handler: fun(event: panto.events.tool_delta))
---@overload fun(name: "tool_call_complete", handler: fun(event: panto.events.tool_call_complete))
---@overload fun(name: "tool_permission", handler: fun(event: panto.events.tool_permission))
---@overload fun(name: "tool_dispatch_start", handler: fun(event: panto.events.tool_dispatch_start))
---@overload fun(name: "tool_output_delta", handler: fun(event: panto.events.tool_output_delta))
---@overload fun(name: "tool_replay", handler: fun(event: panto.events.tool_replay))
---@overload fun(name: "tool_result", handler: fun(event: panto.events.tool_result))
---@overload fun(name: "tool_collapse", handler: fun(event: panto.events.tool_collapse))
---@overload fun(name: "thinking_delta", handler: fun(event: panto.events.thinking_delta))
---@overload fun(name: "thinking_complete", handler: fun(event: panto.events.thinking_complete))
---@overload fun(name: "assistant_text_delta", handler: fun(event: panto.events.assistant_text_delta))
---@overload fun(name: "assistant_text_complete", handler: fun(event: panto.events.assistant_text_complete))
---@overload fun(name: "user_message", handler: fun(event: panto.events.user_message))
---@overload fun(name: "session_ready", handler: fun(event: panto.events.session_ready))
---@overload fun(name: "session_end", handler: fun(event: panto.events.session_end))
---@overload fun(name: "command_start", handler: fun(event: panto.events.command_start))
---@overload fun(name: "command_end", handler: fun(event: panto.events.command_end))
---@overload fun(name: "turn_start", handler: fun(event: panto.events.turn_start))
---@overload fun(name: "turn_end", handler: fun(event: panto.events.turn_end))
function Ext.on(name, handler) end

--- Fire a custom event on the same bus; data is ignored and the event exposes only event.name. Host event names cannot be emitted.
---@param name string a custom event name
---@param data? any ignored
function Ext.emit(name, data) end

--- Run a child with the terminal restored and inherited stdio; only inside a TUI slash-command handler. argv must be a non-empty, dense array of NUL-free strings.
---@param opts { argv: string[] }
---@return panto.ForegroundResult
function Ext.run_foreground(opts) end

--- Syntax-highlight body with ANSI styles from the active theme; unknown or absent slugs return body unchanged.
---@param body string
---@param language_slug? string a language name, alias or file extension
---@return string
function Ext.highlight(body, language_slug) end

--- Themes: style() returns the active theme's styles (role -> escape sequence, plus reset) and its name, style(name) a registered theme's styles, style(name, values) registers a theme. Registrations are process-local and survive state rebuilds.
---@return panto.Styles styles
---@return string name
---@overload fun(name: string): panto.Styles|nil
---@overload fun(name: string, values: table<string, string|panto.StyleSpec>): true
function Ext.style() end

--- The current session, or nil and an error when no session host is available; api_style is the model's protocol and base_url its endpoint.
---@return panto.SessionInfo|nil
---@return string? err
function Ext.session_info() end

--- Describe configured providers, list matching model references (limit defaults to 10, capped at 50), or resolve one reference.
---@param query { provider?: string, query?: string, limit?: integer, model?: string }
---@return panto.ProviderInfo[]|string[]|panto.ModelInfo|nil
---@return string? err
function Ext.models(query) end

--- An opaque model configuration from the host configuration; tool_choice is "auto", "none", "required" or { name = "tool" }. Credentials stay in the host.
---@param opts? { model?: string, reasoning?: string, tool_choice?: panto.ToolChoice }
---@return panto.ModelConfig|nil
---@return string? err
function Ext.resolve_model(opts) end

---@class panto.Agent
local Agent = {}

--- Start a turn of an owned agent; its tools (register_tool, set_tools) are dispatched, and without tools the calls come back in the result's tool_calls.
---@param input string|panto.ContentBlock[]|{ prompt?: string, blocks?: panto.ContentBlock[] }
---@return panto.Stream
function Agent:run(input) end

--- A background turn on its own OS thread that never touches Lua; refuses borrowed agents, a second live job and agents with register_tool handlers.
---@param opts { prompt?: string, blocks?: panto.ContentBlock[], metadata?: any, dispatch_tools?: boolean, wake_fd?: integer }
---@return panto.Job|nil
---@return string? err
function Agent:run_async(opts) end

--- panto.ext.agent only: queue a host submission, steering at the next post-tool boundary by default, or a follow-up after the turn; fires agent_submission.
---@param content string|panto.ContentBlock[]
---@param opts? { followup?: boolean }
function Agent:submit(content, opts) end

--- A tool of this owned agent only, checked as register_tool checks.
---@param decl panto.ToolDeclaration
function Agent:register_tool(decl) end

--- The tools the agent offers the model.
---@return string[]
function Agent:tools() end

--- Select registered tools (a shared tool source) for an owned agent.
---@param names string[]
function Agent:set_tools(names) end

--- Switch the agent's model (a resolve_model configuration).
---@param config panto.ModelConfig
function Agent:set_config(config) end

--- The effective system prompt. The session agent starts with panto's own (the working folder, platform, date, and the AGENTS.md/CLAUDE.md instruction files of the user's configuration folder and of the working folder and its ancestors), set again whenever the state is rebuilt; an owned agent with its system_prompt, else its conversation's system messages.
---@return string
function Agent:system_prompt() end

--- Replace the system prompt.
---@param text string
function Agent:set_system_prompt(text) end

--- Summarise the older messages now (awaits the model), or record the given summary.
---@param opts? { summary?: string }
---@return true|nil
---@return string? err
function Agent:compact(opts) end

--- The latest compaction summary.
---@return { summary: string, tokens_before: integer, first_kept?: integer }|nil
function Agent:compaction() end

--- The id its store keeps the conversation under.
---@return string
function Agent:session_id() end

--- A live view of the agent's conversation; its builders persist through the agent's store. With a session-file store it holds the messages from the latest compaction summary's first kept one on (what the model sees); the ones the summary replaced are in the store (`store:load`), not in memory (docs/sessions.md).
---@return panto.Conversation
function Agent:conversation() end

--- Durable: sets message i's metadata in the live conversation and its persisted record.
---@param i integer
---@param value any
function Agent:set_message_metadata(i, value) end

--- Cancel the agent's running turn.
function Agent:cancel() end

--- Token usage over the agent's turns, and the context size of its last request.
---@return panto.AgentUsage
function Agent:usage() end

--- Replace the agent's task list (ABI 1.3; what the standard todo tool does): status pending, in_progress or completed (done is taken as completed). The list is kept in the session (a resume restores it); the session agent's is drawn above the editor and reported as a todo event.
---@param todos panto.Todo[]
function Agent:set_todos(todos) end

--- The agent's task list as last set (ABI 1.3).
---@return panto.Todo[]
function Agent:todos() end

---@class panto.Stream
local Stream = {}

--- The next event of the turn ({ type, fields... }: user_message, turn_start, thinking_delta, assistant_text_delta, tool_call_complete, tool_result, turn_end, ..., and last done with the result); awaits; nil after done.
---@return panto.AgentEvent|nil
function Stream:next() end

--- for ev in stream:events() do ... end
---@return fun(): panto.AgentEvent|nil
function Stream:events() end

--- Continue the conversation as it stands (after the caller answered tool_calls) with a new request.
---@return panto.Stream
function Stream:reopen() end

--- The settled result, nil while the turn runs.
---@return panto.RunResult|nil
function Stream:result() end

--- Cancel the turn.
function Stream:cancel() end

---@class panto.Job
local Job = {}

--- One buffered event, or nil.
---@return panto.AgentEvent|nil
function Job:next_event() end

--- status is completed, failed or cancelled; nil until settled.
---@return panto.RunResult|nil
function Job:result() end

--- Ask the job to stop (two-phase: it settles as cancelled).
function Job:request_cancel() end

--- Idempotent; cancels if needed and joins the job. Also runs (without joining) from garbage collection.
function Job:close() end

--- The metadata run_async was given.
---@return any
function Job:metadata() end

---@class panto.Conversation
local Conversation = {}

--- Append a system message (transcripts omit them).
---@param text string
---@return panto.Conversation
function Conversation:system(text) end

--- Append a user message.
---@param content string|panto.ContentBlock[]
---@return panto.Conversation
function Conversation:user(content) end

--- Append an assistant message (text, thinking and tool_call blocks).
---@param content string|panto.ContentBlock[]
---@return panto.Conversation
function Conversation:assistant(content) end

--- Append the result of a tool call.
---@param result { tool_call_id: string, tool_name?: string, content: string|panto.ContentBlock[], is_error?: boolean }
---@return panto.Conversation
function Conversation:tool_result(result) end

--- Append a compaction summary standing for everything before it.
---@param summary string
---@return panto.Conversation
function Conversation:compaction(summary) end

--- A copied snapshot; its blocks feed back into the builders.
---@return panto.Message[]
function Conversation:messages() end

--- The labelled plain-text transcript, compaction-aware, system messages omitted.
---@return string
function Conversation:transcript() end

--- The number of messages (also #conversation).
---@return integer
function Conversation:len() end

--- Message i's metadata (1-based).
---@param i integer
---@return any
function Conversation:message_metadata(i) end

--- Change message i's metadata in memory.
---@param i integer
---@param value any
function Conversation:set_message_metadata(i, value) end

---@class panto.Store
local Store = {}

--- Every session, newest first.
---@return panto.StoredSession[]
function Store:list() end

--- The limit newest sessions; costs what the number of sessions costs, not their bytes.
---@param limit integer|{ limit: integer }
---@return panto.StoredSession[]
function Store:list_bounded(limit) end

--- A full id from an id or a unique prefix.
---@param id string an id or a unique prefix
---@return string|nil
---@return string? err
function Store:resolve(id) end

--- The most recently modified session.
---@return panto.StoredSession|nil
function Store:latest() end

--- The session's current branch as a standalone conversation.
---@param id string
---@return panto.Conversation|nil
---@return string? err
function Store:load(id) end

--- Bounded: from_end reads backwards and stops at the bound. Info tables have id, created, modified, metadata?, message_count, last_user_message?, api_style?, base_url?, model?, reasoning?, directory.
---@param id string
---@param opts? { limit?: integer, max_bytes?: integer, from_end?: boolean, role?: string, metadata_key?: string }
---@return panto.Message[]
function Store:load_messages(id, opts) end

---@class panto.Text
local Text = {}

--- Terminal columns of s; SGR escape sequences count zero.
---@param s string
---@return integer
function Text.width(s) end

--- s cut to at most n columns, ending in … when something was cut; styles are kept.
---@param s string
---@param n integer
---@return string
function Text.truncate(s, n) end

--- s wrapped to rows of at most n columns at spaces where possible, styles replayed on each row.
---@param s string
---@param n integer
---@return string[]
function Text.wrap(s, n) end

---@class panto.RegexModule
local RegexModule = {}

--- Compile a regular expression in RE2 syntax (Go's regexp: matching in linear time, no look-around or backreferences). flags: any of i (case-insensitive), m (^ and $ at line ends), s (. matches \n), U (ungreedy). A pattern RE2 refuses gives nil and a one-line error that names the construct it lacks (look-ahead, a backreference, ...) and what to write instead; an unknown flag raises.
---@param pattern string
---@param flags? string
---@return panto.Regex|nil
---@return string? err
function RegexModule.compile(pattern, flags) end

--- s with every regex metacharacter escaped, so that it matches itself.
---@param s string
---@return string
function RegexModule.quote(s) end

---@class panto.Fs
local Fs = {}

--- List the tree below the folder path as ripgrep does, awaiting the walk on a goroutine: .gitignore (in a git repository, with the ignore files of the folders above path, .git/info/exclude and core.excludesFile) and .ignore honoured unless no_ignore; names starting with '.' skipped unless hidden; .git, .hg and .svn skipped unless vcs; links to folders followed only with follow, never into their own path. glob (find's syntax: without '/' it matches names, with '/' paths below path) and type ('file' or 'directory') filter what is reported. Result: { entries = { { path, type, link? } }, total, skipped = { ignored, hidden, vcs, link_dirs, link_loops, broken, unreadable }, stopped } in depth-first name order; entries holds at most limit of the total matches; max_entries stops the walk (stopped = true). Errors (a missing path, a bad glob) raise.
---@param opts { path: string, glob?: string, type?: 'file'|'directory', hidden?: boolean, no_ignore?: boolean, follow?: boolean, vcs?: boolean, max_depth?: integer, limit?: integer, max_entries?: integer }
---@return panto.WalkResult
function Fs.walk(opts) end

--- Search the file path, or the files walk would list below the folder path, for lines matching regex (a panto.Regex), in parallel on goroutines while the caller awaits. A match lies within one line unless multiline. Files holding a NUL byte (binary) and files over max_filesize bytes are skipped and counted. The first limit matching lines in walk order are kept (each cut to about max_line bytes around its match), the rest counted. Result: { files = { { path, count, lines = { { line, text, col?, cut_before?, cut_after? } } } }, matched_lines, matched_files, searched, skipped = { binary, too_large, unreadable, ignored, hidden, ... }, stopped }; paths are relative to path ("" when path is a file).
---@param opts { path: string, regex: panto.Regex, multiline?: boolean, limit?: integer, max_line?: integer, max_filesize?: integer, max_files?: integer, glob?: string, hidden?: boolean, no_ignore?: boolean, follow?: boolean, vcs?: boolean, max_depth?: integer }
---@return panto.SearchResult
function Fs.search(opts) end

---@class panto.Web
local Web = {}

--- GET an http or https URL on a goroutine while the caller awaits (any other scheme, a URL with a user name, and a session whose [sandbox] sets network = false raise). At most max_bytes of the body are read (default 5 MiB, at most 64 MiB; truncated says more was sent), within timeout_ms (default 30000, at most 600000; a timeout raises). Redirects are followed while they stay on the same host (http to https allowed) and at most max_redirects times (default 5, at most 20; 0 follows none); a redirect to another host, or one past the limit, is not followed: redirect holds its target and body is empty. Result: { url, status, status_text, content_type, body, truncated, redirects, redirect? }: url is where the body came from, content_type the media type in lower case without parameters (sniffed from the body when the server sent none), body the bytes, decoded to UTF-8 when a textual type names another charset. Any status is a result, not an error; a connection that fails raises.
---@param opts { url: string, max_bytes?: integer, timeout_ms?: integer, max_redirects?: integer, accept?: string }
---@return panto.WebResponse
function Web.fetch(opts) end

--- Convert an HTML page to Markdown (headings, paragraphs, links, lists, code blocks, quotes, tables, emphasis; scripts, styles, navigation, forms and footers dropped; only <main>, or the one <article>, when the page has it). Relative links resolve against base_url. title is the text of <title> ("" when none).
---@param html string
---@param base_url? string
---@return string
---@return string title
function Web.markdown(html, base_url) end

---@class panto.Regex
local Regex = {}

--- The first match at or after init (default 1; negative counts from the end), as string.find returns it: 1-based byte positions, stop inclusive, then the groups (false for a group that took no part). Matching starts at init as if the subject began there.
---@param s string
---@param init? integer
---@return integer? start
---@return integer? stop
---@return string|false ... captures
function Regex:find(s, init) end

--- As string.match: the groups of the first match, or the whole match when the expression has none.
---@param s string
---@param init? integer
---@return string|false ...
function Regex:match(s, init) end

--- Whether s has a match at or after init.
---@param s string
---@param init? integer
---@return boolean
function Regex:test(s, init) end

--- As string.gmatch: each non-overlapping match in turn, its groups or the whole match (an empty match never directly follows another).
---@param s string
---@return fun(): string|false ...
function Regex:gmatch(s) end

--- Every non-overlapping match (at most limit), each { start, stop, text, groups, named }.
---@param s string
---@param limit? integer
---@return panto.RegexMatch[]
function Regex:find_all(s, limit) end

--- The first match at or after init as { start, stop, text, groups, named }.
---@param s string
---@param init? integer
---@return panto.RegexMatch|nil
function Regex:submatches(s, init) end

--- As string.gsub: repl is a template ($1, ${1}, ${name}, $$ for a dollar), a function called with the groups (or the whole match) or a table indexed by the first group or the match; a false or nil result keeps the match. At most limit replacements.
---@param s string
---@param repl string|table|fun(...: string|false): string|number|false|nil
---@param limit? integer
---@return string
---@return integer count
function Regex:replace(s, repl, limit) end

--- The text between the matches (at most limit pieces; the last holds the rest).
---@param s string
---@param limit? integer
---@return string[]
function Regex:split(s, limit) end

--- How many capture groups the expression has.
---@return integer
function Regex:groups() end

--- The named groups ((?P<name>...) or (?<name>...)) and their numbers.
---@return table<string, integer>
function Regex:names() end

--- What the expression was compiled from.
---@return string
---@return string flags
function Regex:pattern() end

---@class panto.Mcp
local Mcp = {}

--- The session's MCP servers ([mcp.servers.NAME] and a trusted project's .mcp.json), sorted by name, each with its state: starting, connected, or failed with the reason.
---@return panto.McpServer[]
function Mcp.servers() end

--- Call a tool of a connected server by its name on the server, with input (a table, default {}) checked against the tool's schema first; awaits the server. A result the server marks as an error has is_error true; an unknown server or tool, input the schema rejects, a server that is not connected, a timeout (the server's call_timeout) or cancellation raise. Not judged by the permission rules: the extension acts with the user's authority.
---@param server string
---@param tool string
---@param input? table
---@return panto.McpResult
function Mcp.call(server, tool, input) end

--- List the resources of one server, or of every connected server that has resources; awaits the servers.
---@param server? string
---@return panto.McpResource[]
function Mcp.resources(server) end

--- Read one resource: its text, images as attachments, other binary content described in the text; awaits the server.
---@param server string
---@param uri string
---@return panto.McpResult
function Mcp.read_resource(server, uri) end

--- Get a prompt of a server with its arguments (a table of strings by name) and return its messages' text, as /mcp__SERVER__PROMPT sends it.
---@param server string
---@param name string
---@param args? table<string, string>
---@return string
function Mcp.get_prompt(server, name, args) end

---@class panto
---@field ext panto.Ext
---@field text panto.Text
---@field regex panto.RegexModule
---@field fs panto.Fs
---@field web panto.Web
---@field mcp panto.Mcp
local panto = {}

--- An owned agent: config from resolve_model (default: the session's model), store panto.null_store() (default), panto.file_system_jsonl_store { dir } or a table with append(self, session_id, entry), tools the names of registered tools it may call, conversation a panto.conversation to start from.
---@param opts? { config?: panto.ModelConfig, store?: panto.Store|table, system_prompt?: string, tools?: string[], max_requests?: integer, conversation?: panto.Conversation }
---@return panto.Agent
function panto.agent(opts) end

--- An empty standalone conversation.
---@return panto.Conversation
function panto.conversation() end

--- A store that keeps nothing.
---@return panto.Store
function panto.null_store() end

--- The JSON Lines session store of a folder (relative to the project root), one pi v3 file per session.
---@param opts { dir: string }
---@return panto.Store
function panto.file_system_jsonl_store(opts) end

--- The subagent definitions (ABI 1.3), sorted by name: the built-in general-purpose and explore, every layer's agents/*.md (a higher layer's replaces a lower one of the same name) and those registered with register_subagent. tools is absent when the definition allows every tool.
---@return panto.SubagentDefinition[]
function panto.subagents() end

--- Register a subagent definition from code (ABI 1.3), above every file's: it replaces a definition of the same name until the state is rebuilt. prompt is its system prompt; tools the tool names it may call (Claude Code's names are mapped), absent for every tool; model a model reference, absent or "inherit" for the caller's.
---@param def { name: string, prompt: string, description?: string, tools?: string[], model?: string, reasoning?: string }
function panto.register_subagent(def) end

--- Run a subagent (ABI 1.3; what the standard task tool does) and await its end: a fresh conversation with the definition's system prompt, tools and model, one level deeper than the calling agent (nil, err beyond the depth limit or for an unknown definition). Its calls pass the same permission rules; cancelling the caller cancels it. The result is a turn result with agent, tool_uses, and the transcript's session_id and path when the session keeps one; tool_call_id links that transcript from the caller's tool result (metadata key subagent). Only from code that can await.
---@param opts { prompt: string, agent?: string, description?: string, tool_call_id?: string }
---@return panto.SubagentResult|nil
---@return string?
function panto.run_subagent(opts) end

return panto
