// Drives a `check --format html` page made with Simpei's table in the
// cache directory (tests/browser/run does, when ARBITRE_SIMPEI_TABLE
// names the table): a Simpei board's value graph steps the board when
// clicked, the best turn is drawn over the picture and said, the flagged
// turns are flagged in the graph and the turn list alike.
//
//   node values.mjs REPORT.html SCREENSHOT_DIR
import { chromium } from "playwright-core";
import { pathToFileURL } from "node:url";
import assert from "node:assert/strict";

const [report, shots = "screenshots"] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(pathToFileURL(report).href);
  const row = page.locator(".legal-row").filter({ has: page.locator(".values") }).first();
  await row.locator("summary").click();
  const board = row.locator("div.board");
  const handle = await board.elementHandle();
  await page.waitForFunction((b) => b.dataset.at !== undefined, handle);
  const columns = board.locator(".values rect.column");
  const positions = Number(await board.getAttribute("data-frames"));
  assert.equal(await columns.count(), positions, "a column a position");
  // A click on the graph steps the board there; the line marks it.
  await columns.nth(2).click();
  await page.waitForFunction((b) => b.dataset.at === "2", handle);
  const now = await board.locator(".values line.now").getAttribute("x1");
  const column = await columns.nth(2).evaluate((c) => Number(c.getAttribute("x")) + Number(c.getAttribute("width")) / 2);
  assert.equal(Number(now), column, "the graph marks the position shown");
  // The best turn there drawn over the picture and said.
  const best = await board.locator(".turns li").nth(2).getAttribute("data-best");
  assert.ok(best, "a best turn at position 3");
  const drawn = await board.locator(".view svg g.best [data-best]").evaluateAll((marks) => marks.map((m) => m.dataset.best));
  assert.deepEqual(drawn, best.split(";"));
  assert.match(await board.locator("p.status").textContent(), /Best with perfect play: /);
  // Each flag of the graph is a flagged turn of the list.
  const flags = await board.locator(".values .flag").count();
  assert.equal(await board.locator(".turns .slip").count(), flags);
  assert.ok(flags > 0, "the game has a flagged turn");
  await board.screenshot({ path: `${shots}/values.png` });
  assert.deepEqual(errors, [], "no script error");
  console.log(`ok: a Simpei board's ${positions} positions valued, the graph steps the board, the best turn drawn and said, ${flags} flags`);
} finally {
  await browser.close();
}
