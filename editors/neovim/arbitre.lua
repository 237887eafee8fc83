-- arbitre records (*.arb) in Neovim 0.7 and later: the filetype `arbitre`
-- for *.arb, and `arbitre lsp` started once and attached to each record's
-- buffer, with the built-in client (vim.lsp.start from 0.8; before it,
-- vim.lsp.start_client and vim.lsp.buf_attach_client).
--
-- Copy this file to ~/.config/nvim/lua/arbitre.lua, then in init.lua:
--
--   require('arbitre').setup()
--   -- or: require('arbitre').setup({ cmd = { '/path/to/arbitre', 'lsp' } })
--
-- Options: cmd (default { 'arbitre', 'lsp' }), on_attach (default: the
-- buffer-local keys below), and any other field of vim.lsp.start_client's
-- config (handlers, on_exit, ...). docs/editors.md tells the rest.
local M = {}

-- Keys in an arbitre buffer only, named after Neovim's own defaults.
local function default_on_attach(_, bufnr)
  local function map(lhs, fn)
    vim.keymap.set('n', lhs, fn, { buffer = bufnr })
  end
  map('K', vim.lsp.buf.hover)
  map('gO', vim.lsp.buf.document_symbol)
  map('<leader>ca', vim.lsp.buf.code_action)
  -- format() from 0.8; formatting() before.
  map('<leader>f', function()
    if vim.lsp.buf.format then
      vim.lsp.buf.format({ async = true })
    else
      vim.lsp.buf.formatting()
    end
  end)
end

M.config = { name = 'arbitre', cmd = { 'arbitre', 'lsp' }, on_attach = default_on_attach }

local client_id = nil

-- One server for every record: started on the first, restarted if it stopped.
local function client()
  local running = client_id and vim.lsp.get_client_by_id(client_id)
  if running and not running.is_stopped() then
    return client_id
  end
  local config = vim.deepcopy(M.config)
  config.root_dir = config.root_dir or vim.fn.getcwd()
  client_id = vim.lsp.start_client(config)
  return client_id
end

--- Attaches the server to a buffer (the current one by default).
function M.attach(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  -- 0.8 and later: vim.lsp.start finds or starts the client (start_client
  -- is deprecated from 0.11).
  if vim.lsp.start then
    local config = vim.deepcopy(M.config)
    config.root_dir = config.root_dir or vim.fn.getcwd()
    local id
    vim.api.nvim_buf_call(bufnr, function()
      id = vim.lsp.start(config)
    end)
    return id
  end
  local id = client()
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

function M.setup(opts)
  M.config = vim.tbl_extend('force', M.config, opts or {})
  local group = vim.api.nvim_create_augroup('arbitre', { clear = true })
  vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
    group = group,
    pattern = '*.arb',
    command = 'setfiletype arbitre',
  })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = 'arbitre',
    callback = function(args)
      -- `;` comments to the end of the line in the movetext.
      vim.bo[args.buf].commentstring = '; %s'
      -- <C-x><C-o> completes from the server.
      vim.bo[args.buf].omnifunc = 'v:lua.vim.lsp.omnifunc'
      M.attach(args.buf)
    end,
  })
end

return M
