// The TextMate grammar editors/vscode contributes, run by VS Code's own engine
// (vscode-textmate with vscode-oniguruma): a record of each game written
// here, each piece of it with the scope a theme colours it by, and every
// sample under samples/ with each delimiter line a delimiter (the header
// and the movetext never run into each other). Exits 1 naming each miss.
//
//   node tokenize.mjs [REPOSITORY]
import { readFileSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import oniguruma from "vscode-oniguruma";
import textmate from "vscode-textmate";

const root = resolve(process.argv[2] ?? "../../..");
const require = createRequire(import.meta.url);
// The grammar the extension contributes, for the language it declares.
const extension = JSON.parse(readFileSync(join(root, "editors/vscode/package.json"), "utf8"));
const language = extension.contributes.languages.find((l) => l.id === "arbitre");
const contributed = extension.contributes.grammars.find((g) => g.language === "arbitre");
if (!language?.extensions.includes(".arb") || contributed?.scopeName !== "source.arbitre") {
  console.log("FAIL editors/vscode/package.json: no language arbitre for .arb with the grammar source.arbitre");
  process.exit(1);
}
const grammarPath = join(root, "editors/vscode", contributed.path);

await oniguruma.loadWASM(readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm")).buffer);
const registry = new textmate.Registry({
  onigLib: Promise.resolve({
    createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
    createOnigString: (s) => new oniguruma.OnigString(s),
  }),
  loadGrammar: async (scopeName) =>
    scopeName === "source.arbitre"
      ? textmate.parseRawGrammar(readFileSync(grammarPath, "utf8"), grammarPath)
      : null,
});
const grammar = await registry.loadGrammar("source.arbitre");

// Each line's tokens: { text, scopes }.
function tokenize(text) {
  let stack = textmate.INITIAL;
  return text.split("\n").map((line) => {
    const result = grammar.tokenizeLine(line, stack);
    stack = result.ruleStack;
    return result.tokens.map((t) => ({
      start: t.startIndex,
      text: line.slice(t.startIndex, t.endIndex),
      scopes: t.scopes,
    }));
  });
}

const failures = [];
let checked = 0;

const doc = [
  "; a preamble, before the first record",
  "--- # round 2",
  "game: superpion   # the game",
  "players: {blue: Alice, red: 'Bob'}",
  "date: 2026-04-12",
  "round: 2",
  "---",
  "1.B e3-e5 g3-g5!?   { a brace",
  "comment over two lines }",
  "1.R f12xh14xj12=S --",
  "12.B e5xe9 ; to the end",
  "---",
  "game: simpei",
  "---",
  "1. e3 c3",
  "2. a3 c3>g7 1...d4?",
  "---",
  "game: Puluc",
  "---",
  "1. 3:e-7! 2:-",
  "2. 2:1-3 1.5:e",
  "{ a comment never closed",
  "---",
  "game: simpei",
  "---",
  "1. e3",
].join("\n");
const lines = tokenize(doc);

// [line, the text of one token, the scope it must have], in order along
// each line (a text found again is looked for after the last one).
const expected = [
  [0, "; a preamble, before the first record", "comment.line.semicolon.arbitre"],
  [1, "---", "keyword.other.delimiter.arbitre"],
  [1, "# round 2", "comment.line.number-sign.arbitre"],
  [2, "game", "entity.name.tag.arbitre"],
  [2, ":", "punctuation.separator.key-value.arbitre"],
  [2, "superpion", "support.constant.game.arbitre"],
  [2, "# the game", "comment.line.number-sign.arbitre"],
  [3, "players", "entity.name.tag.arbitre"],
  [3, "blue", "entity.name.tag.arbitre"],
  [3, "'Bob'", "string.quoted.single.arbitre"],
  [4, "2026-04-12", "constant.numeric.date.arbitre"],
  [5, "2", "constant.numeric.arbitre"],
  [6, "---", "keyword.other.delimiter.arbitre"],
  [7, "1", "constant.numeric.move-number.arbitre"],
  [7, ".", "punctuation.separator.move-number.arbitre"],
  [7, "B", "entity.name.type.camp.arbitre"],
  [7, "e3", "constant.other.square.arbitre"],
  [7, "-", "keyword.operator.move.arbitre"],
  [7, "e5", "constant.other.square.arbitre"],
  [7, "g5", "constant.other.square.arbitre"],
  [7, "!?", "keyword.other.glyph.arbitre"],
  [7, "{", "comment.block.arbitre"],
  [8, "comment over two lines ", "comment.block.arbitre"],
  [8, "}", "comment.block.arbitre"],
  [9, "R", "entity.name.type.camp.arbitre"],
  [9, "f12", "constant.other.square.arbitre"],
  [9, "x", "keyword.operator.capture.arbitre"],
  [9, "h14", "constant.other.square.arbitre"],
  [9, "x", "keyword.operator.capture.arbitre"],
  [9, "j12", "constant.other.square.arbitre"],
  [9, "=", "keyword.operator.promotion.arbitre"],
  [9, "S", "entity.name.type.camp.arbitre"],
  [9, "--", "keyword.other.pass.arbitre"],
  [10, "12", "constant.numeric.move-number.arbitre"],
  [10, "B", "entity.name.type.camp.arbitre"],
  [10, "x", "keyword.operator.capture.arbitre"],
  [10, "; to the end", "comment.line.semicolon.arbitre"],
  [11, "---", "keyword.other.delimiter.arbitre"],
  [12, "simpei", "support.constant.game.arbitre"],
  [13, "---", "keyword.other.delimiter.arbitre"],
  [14, "e3", "constant.other.square.arbitre"],
  [14, "c3", "constant.other.square.arbitre"],
  [15, "c3", "constant.other.square.arbitre"],
  [15, ">", "keyword.operator.relocation.arbitre"],
  [15, "g7", "constant.other.square.arbitre"],
  [15, "1", "constant.numeric.move-number.arbitre"],
  [15, "...", "punctuation.separator.move-number.arbitre"],
  [15, "d4", "constant.other.square.arbitre"],
  [15, "?", "keyword.other.glyph.arbitre"],
  [17, "Puluc", "support.constant.game.arbitre"],
  [19, "3", "constant.numeric.throw.arbitre"],
  [19, ":", "punctuation.separator.throw.arbitre"],
  [19, "e", "constant.language.enter.arbitre"],
  [19, "-", "keyword.operator.move.arbitre"],
  [19, "7", "constant.other.square.arbitre"],
  [19, "!", "keyword.other.glyph.arbitre"],
  [19, "2", "constant.numeric.throw.arbitre"],
  [19, "-", "keyword.other.pass.arbitre"],
  [20, "2", "constant.numeric.move-number.arbitre"],
  [20, "2", "constant.numeric.throw.arbitre"],
  [20, "1", "constant.other.square.arbitre"],
  [20, "3", "constant.other.square.arbitre"],
  [20, "1", "constant.numeric.move-number.arbitre"],
  [20, "5", "constant.numeric.throw.arbitre"],
  [20, "e", "constant.language.enter.arbitre"],
  [21, "{", "comment.block.arbitre"],
  // The delimiter ends the comment left open: it opens the next record.
  [22, "---", "keyword.other.delimiter.arbitre"],
  [23, "game", "entity.name.tag.arbitre"],
  [25, "e3", "constant.other.square.arbitre"],
];

const from = new Map();
for (const [line, text, scope] of expected) {
  checked += 1;
  const tokens = lines[line];
  const after = from.get(line) ?? 0;
  const i = tokens.findIndex((t, k) => k >= after && t.text === text);
  if (i < 0) {
    failures.push(`line ${line} \`${doc.split("\n")[line]}\`: no token \`${text}\`; tokens ${JSON.stringify(tokens.map((t) => t.text))}`);
    continue;
  }
  from.set(line, i + 1);
  if (!tokens[i].scopes.includes(scope)) {
    failures.push(`line ${line}: \`${text}\` is ${tokens[i].scopes.join(" ")}, not ${scope}`);
  }
}
// No movetext token inside the header, no header key in the movetext.
for (const [line, scope] of [[9, "meta.header.arbitre"], [14, "meta.header.arbitre"], [3, "comment.block.arbitre"]]) {
  checked += 1;
  if (lines[line].some((t) => t.scopes.includes(scope))) failures.push(`line ${line}: ${scope} where it is not`);
}

// Every sample: each delimiter line is a delimiter, whatever came before.
function* samples(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* samples(path);
    else if (name.endsWith(".arb")) yield path;
  }
}
const delimiter = /^\uFEFF*---(?:[ \t]+(?:#.*)?)?\r*$/;
let files = 0;
for (const path of samples(join(root, "samples"))) {
  files += 1;
  const text = readFileSync(path, "utf8");
  tokenize(text).forEach((tokens, line) => {
    if (!delimiter.test(text.split("\n")[line])) return;
    checked += 1;
    const dashes = tokens.find((t) => t.text === "---");
    if (!dashes?.scopes.includes("keyword.other.delimiter.arbitre")) {
      failures.push(`${path}:${line + 1}: a delimiter line not scoped a delimiter: ${JSON.stringify(tokens)}`);
    }
  });
}

for (const f of failures) console.log(`FAIL ${f}`);
if (failures.length > 0 || files === 0) {
  console.log(`${failures.length} of ${checked} checks failed (${files} samples)`);
  process.exit(1);
}
console.log(`textmate: ${checked} checks, ${files} samples, every token scoped as expected`);
