-- web_fetch: fetch a URL and return it as text, HTML as Markdown.
local std = require("_std")
local text = std.text
local panto = require("panto")

local DEFAULT_TIMEOUT, MAX_TIMEOUT = 30000, 120000 -- ms
local DEFAULT_BYTES, MAX_BYTES = 5 * 1024 * 1024, 20 * 1024 * 1024 -- downloaded
local PAGE = 100 * 1024 -- bytes of converted text returned per call
local ERROR_BODY = 2000 -- bytes of an error page shown
local MAX_REDIRECTS = 5 -- followed on the same host

-- Media types returned as text besides text/*.
local TEXTUAL = {
  ["application/json"] = true, ["application/xml"] = true, ["application/javascript"] = true,
  ["application/ecmascript"] = true, ["application/x-javascript"] = true, ["application/yaml"] = true,
  ["application/x-yaml"] = true, ["application/toml"] = true, ["application/x-sh"] = true,
  ["application/sql"] = true, ["application/graphql"] = true, ["application/x-ndjson"] = true,
  ["application/ld+json"] = true, ["image/svg+xml"] = true,
}

local function is_html(mt)
  return mt == "text/html" or mt == "application/xhtml+xml"
end

local function is_text(mt)
  return mt:match("^text/") or TEXTUAL[mt] or mt:match("%+json$") or mt:match("%+xml$")
end

local function host_of(u)
  return (u:match("^%a[%w+.-]*://([^/?#]*)") or ""):lower()
end

-- page cuts the converted text to one page from offset (a byte offset,
-- moved back to the start of a UTF-8 character) and says how to go on.
local function page(s, offset)
  if offset > #s then
    std.fail("offset %d is past the end of the page (%s)", offset, text.plural(#s, "byte"))
  end
  local from = offset + 1
  while from > 1 and from <= #s and s:byte(from) & 0xC0 == 0x80 do from = from - 1 end
  local to = math.min(#s, from + PAGE - 1)
  while to < #s and to > from and s:byte(to + 1) & 0xC0 == 0x80 do to = to - 1 end
  local out = s:sub(from, to)
  if to < #s then
    out = out .. string.format("\n\n[page cut at byte %d of %d; call web_fetch again with offset = %d to read on]", to, #s, to)
  end
  return out
end

local function run(args)
  local url = args.url
  if not url:match("^[hH][tT][tT][pP][sS]?://") then
    std.fail("only http:// and https:// URLs can be fetched, not %s", url)
  end
  local ok, res = pcall(panto.web.fetch, {
    url = url, timeout_ms = args.timeout_ms, max_bytes = args.max_bytes, max_redirects = MAX_REDIRECTS,
  })
  if not ok then
    std.fail("cannot fetch %s: %s", url, tostring(res):gsub("^panto%.web%.fetch: ", ""))
  end
  if res.redirect then
    if res.redirects >= MAX_REDIRECTS and host_of(res.redirect) == host_of(res.url) then
      std.fail("%s redirected more than %d times (the last one to %s)", url, MAX_REDIRECTS, res.redirect)
    end
    return string.format("%s redirects (%s) to %s, which web_fetch did not follow: it is another host, port "
      .. "or scheme. To read it, call web_fetch with that URL.", res.url, res.status_text, res.redirect)
  end
  local mt = res.content_type
  local body = res.body
  local html = is_html(mt)
  if not html and not is_text(mt) or body:find("\0", 1, true) then
    std.fail("%s returned %s content (%s%s); web_fetch returns text and HTML pages only",
      res.url, mt, text.plural(#body, "byte"), res.truncated and " or more" or "")
  end
  local title
  if html then body, title = panto.web.markdown(body, res.url) end
  if res.status < 200 or res.status > 299 then
    local shown = body
    if #shown > ERROR_BODY then shown = shown:sub(1, ERROR_BODY) .. "…" end
    std.fail("%s answered %s%s", res.url, res.status_text, shown ~= "" and (":\n" .. shown) or "")
  end
  local head = { "URL: " .. res.url, "Content-Type: " .. mt }
  if title and title ~= "" then head[#head + 1] = "Title: " .. title end
  if res.truncated then
    head[#head + 1] = string.format("[the download stopped at %s (max_bytes); the end of the page is missing]",
      text.plural(args.max_bytes, "byte"))
  end
  if body == "" then return table.concat(head, "\n") .. "\n\n(the page has no text)" end
  return table.concat(head, "\n") .. "\n\n" .. page(body, args.offset)
end

return std.install_renderer({
  name = "web_fetch",
  effects = { "network" },
  description = "Fetch a web page or text file by URL (http or https) and return its content: HTML converted to Markdown "
    .. "(headings, links, lists, code, tables; scripts, navigation and footers dropped), other text as it is. "
    .. "Binary content (images, PDFs, archives) is refused. Redirects on the same host are followed; a redirect to "
    .. "another host is reported, not followed: fetch the new URL to follow it. Returns at most "
    .. (PAGE // 1024) .. " KiB per call; use offset to read on. Use it for documentation, issues and references "
    .. "the user points to; it cannot log in or run JavaScript.",
  params = {
    { name = "url", type = "string", required = true, nonempty = true, no_nul = true,
      description = "The http:// or https:// URL to fetch." },
    { name = "offset", type = "integer", min = 0, default = 0,
      description = "Byte offset in the converted text to start from, to read on after a cut. Default 0." },
    { name = "timeout_ms", type = "integer", min = 1, max = MAX_TIMEOUT, default = DEFAULT_TIMEOUT,
      description = "Give up after this many milliseconds. Default " .. DEFAULT_TIMEOUT .. "." },
    { name = "max_bytes", type = "integer", min = 1, max = MAX_BYTES, default = DEFAULT_BYTES,
      description = "Download at most this many bytes. Default " .. DEFAULT_BYTES .. "." },
  },
  run = run,
}, {
  title = function(input) return input.url or "" end,
  body = function(call, width, styles)
    local lines = text.lines((call.output or ""):gsub("\n+$", ""))
    if call.collapsed then return { "  ⎿ " .. (lines[1] or "") } end
    return std.preview(lines, call, styles)
  end,
})
