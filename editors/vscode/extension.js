// Starts `arbitre lsp` for arbitre records (.arb) with VS Code's own
// language client: diagnostics, completion, hover, formatting, code
// actions and symbols all come from the server (docs/editors.md).
"use strict";
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

async function activate(context) {
  const command = vscode.workspace.getConfiguration("arbitre").get("path") || "arbitre";
  const run = { command, args: ["lsp"], transport: TransportKind.stdio };
  client = new LanguageClient(
    "arbitre",
    "arbitre",
    { run, debug: run },
    {
      documentSelector: [
        { scheme: "file", language: "arbitre" },
        { scheme: "untitled", language: "arbitre" },
      ],
    },
  );
  context.subscriptions.push(
    vscode.commands.registerCommand("arbitre.restart", () => client.restart()),
  );
  try {
    await client.start();
  } catch (e) {
    vscode.window.showErrorMessage(
      `arbitre: cannot start \`${command} lsp\` (${e.message}); set arbitre.path to the binary`,
    );
  }
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
