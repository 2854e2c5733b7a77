-- Neovim as a person's editor would run it, headless: start `scoresheet lsp`
-- for a file, wait for its diagnostics, hover on a move, and write what the
-- editor holds as JSON. Run by `cargo xtask editor` (see xtask/src/editor.rs):
--   SCORESHEET_BIN=... SCORESHEET_FILE=... SCORESHEET_OUT=... SCORESHEET_HOVER_LINE=... \
--   SCORESHEET_HOVER_COL=... nvim --headless --clean -u nvim_check.lua
-- Written for Neovim 0.7 (Debian 12) and later: vim.lsp.start_client and
-- buf_attach_client, which later versions keep.
local bin = assert(os.getenv('SCORESHEET_BIN'), 'SCORESHEET_BIN')
local file = assert(os.getenv('SCORESHEET_FILE'), 'SCORESHEET_FILE')
local out = assert(os.getenv('SCORESHEET_OUT'), 'SCORESHEET_OUT')
local hover_line = tonumber(os.getenv('SCORESHEET_HOVER_LINE') or '0')
local hover_col = tonumber(os.getenv('SCORESHEET_HOVER_COL') or '0')

local function finish(report)
  local f = assert(io.open(out, 'w'))
  f:write(vim.fn.json_encode(report))
  f:close()
  vim.cmd('qa!')
end

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local published = false
local client_id = vim.lsp.start_client({
  name = 'scoresheet',
  cmd = { bin, 'lsp' },
  root_dir = vim.fn.getcwd(),
  handlers = {
    ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
      vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
      published = true
    end,
  },
})
if not client_id then
  finish({ error = 'the server did not start' })
end
vim.lsp.buf_attach_client(buf, client_id)
if not vim.wait(30000, function() return published end, 50) then
  finish({ error = 'no diagnostics within 30 s' })
end

local diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  table.insert(diagnostics, {
    -- Neovim's own view: 0-based line, byte column, its severity numbers.
    line = d.lnum,
    col = d.col,
    severity = d.severity,
    code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code),
    message = d.message,
  })
end

local hover = vim.NIL
local params = {
  textDocument = vim.lsp.util.make_text_document_params(buf),
  position = { line = hover_line, character = hover_col },
}
local answers = vim.lsp.buf_request_sync(buf, 'textDocument/hover', params, 10000)
for _, answer in pairs(answers or {}) do
  if answer.result and answer.result.contents then
    hover = answer.result.contents.value
  end
end


vim.lsp.stop_client(client_id)
finish({ diagnostics = diagnostics, hover = hover })
