// Drives a `check --format html` page in headless Chromium: the totals come
// first, in the markup as on the screen, stepping a board changes its
// picture and says so, the illegal turn is marked, the movetext marks the
// turn shown and is scrolled to it, a button keeps the focus, a legal
// record's board is drawn when opened, the page fits a 375 and a 1200
// pixel screen, and without script every illegal record still shows its
// position and no dead button. Takes screenshots on the way.
//
//   node replay.mjs REPORT.html SCREENSHOT_DIR
import { chromium } from "playwright-core";
import { pathToFileURL } from "node:url";
import { mkdirSync } from "node:fs";
import assert from "node:assert/strict";

const [report, shots = "screenshots"] = process.argv.slice(2);
if (!report) {
  console.error("usage: node replay.mjs REPORT.html [SCREENSHOT_DIR]");
  process.exit(2);
}
mkdirSync(shots, { recursive: true });
const url = pathToFileURL(report).href;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
const checks = [];
const check = (name) => checks.push(name);
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("request", (r) => {
    if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) errors.push(`fetched ${r.url()}`);
  });
  await page.goto(url);
  await page.screenshot({ path: `${shots}/page.png` });

  const top = async (selector) => (await page.locator(selector).first().boundingBox()).y;
  assert.ok(await top("#totals") < await top("section.record"), "the totals stand first");
  assert.ok(await top("section.record") < await top(".legal-row"), "not-legal records before the legal table");
  check("totals first, then the records that are not legal, then the legal ones");
  // In the markup too: what the keyboard and a screen reader meet first.
  const order = await page.evaluate(() => {
    const first = (css) => document.querySelector(css);
    const records = document.querySelectorAll("section.record");
    const before = (a, b) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    return {
      countsUnderTitle: Boolean(first("#totals h1 + #counted #records")),
      totalsFirst: first("main.page").firstElementChild.id === "totals",
      recordsBeforeLegal: before(records[records.length - 1], first("#legal")) && before(first("#legal"), first(".legal-row")),
    };
  });
  assert.deepEqual(order, { countsUnderTitle: true, totalsFirst: true, recordsBeforeLegal: true });
  check("the markup in the order shown: title, counts, records not legal, legal ones");
  assert.ok(await page.locator(".controls").first().isVisible(), "the buttons shown with script");
  check("the replay buttons shown with script");

  const boards = page.locator("section.record.illegal div.board");
  assert.ok(await boards.count() > 0, "an illegal record has a board");
  // A board with several positions, to step through.
  let board = null;
  for (let i = 0; i < await boards.count(); i++) {
    if (Number(await boards.nth(i).getAttribute("data-frames")) >= 4) { board = boards.nth(i); break; }
  }
  assert.ok(board, "a board with four positions or more");
  const picture = async () => (await board.locator(".view").innerHTML()).trim();
  const current = () => board.locator(".turns li.current").getAttribute("class");
  assert.match(await current(), /illegal/, "the board opens at the illegal turn, marked");
  assert.equal(await board.locator(".turns li.illegal").count(), 1, "one illegal turn in the list");
  assert.ok((await picture()).includes("<svg"), "the illegal position is drawn");
  check("the illegal turn is marked in the list and drawn on the board");
  const illegalPicture = await picture();

  await board.locator('[data-go="first"]').click();
  await page.waitForFunction((b) => b.dataset.at === "0", await board.elementHandle());
  const first = await picture();
  assert.ok(first !== illegalPicture, "the first position is not the illegal one");
  await board.locator('[data-go="forward"]').click();
  await page.waitForFunction((b) => b.dataset.at === "1", await board.elementHandle());
  assert.ok(await picture() !== first, "stepping forward changes the board");
  check("first, then forward: the board changes");
  // The movetext marks the turn shown, and moves the mark as the board steps.
  const written = () => board.locator(".movetext .turn.current").getAttribute("data-frame");
  assert.equal(await board.locator(".movetext .turn.current").count(), 1, "one turn marked in the movetext");
  assert.equal(await written(), "1", "the movetext marks the turn stepped to");
  await board.locator('[data-go="forward"]').click();
  await page.waitForFunction((b) => b.dataset.at === "2", await board.elementHandle());
  assert.equal(await written(), "2", "the mark moves forward with the board");
  await board.locator('.movetext .turn[data-frame="1"]').click();
  await page.waitForFunction((b) => b.dataset.at === "1", await board.elementHandle());
  assert.equal(await written(), "1", "a click in the movetext shows that turn");
  check("the current turn is highlighted in the movetext as the board steps");
  await board.press("ArrowRight");
  await page.waitForFunction((b) => b.dataset.at === "2", await board.elementHandle());
  await board.press("End");
  await page.waitForFunction((b) => b.dataset.at === String(Number(b.dataset.frames) - 1), await board.elementHandle());
  assert.ok(await picture() === illegalPicture, "End goes back to the illegal position");
  await board.locator(".turns li button").first().click();
  await page.waitForFunction((b) => b.dataset.at === "0", await board.elementHandle());
  assert.ok(await picture() === first, "a click in the turn list shows that turn");
  assert.match(await board.locator(".turns li").first().getAttribute("class"), /current/);
  check("arrow keys, End and the turn list step the board");
  await board.locator('[data-go="forward"]').click();
  await page.waitForFunction((b) => b.dataset.at === "1", await board.elementHandle());
  await board.locator("xpath=ancestor::section[1]").screenshot({ path: `${shots}/stepped.png` });
  // The keyboard on a button: it keeps the focus, so each Enter steps.
  await board.locator('[data-go="first"]').click();
  await page.waitForFunction((b) => b.dataset.at === "0", await board.elementHandle());
  const forward = board.locator('[data-go="forward"]');
  await forward.focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction((b) => b.dataset.at === "1", await board.elementHandle());
  await page.keyboard.press("Enter");
  await page.waitForFunction((b) => b.dataset.at === "2", await board.elementHandle());
  assert.ok(await forward.evaluate((b) => b === document.activeElement), "forward keeps the focus");
  await page.keyboard.press(" ");
  await page.waitForFunction((b) => b.dataset.at === "3", await board.elementHandle());
  check("Enter twice then Space on a focused forward button step three turns");
  // Each step is said in the board's live region, and the picture named.
  const status = board.locator('p.status[role="status"][aria-live="polite"]');
  assert.equal(await status.count(), 1, "a live status per board");
  const said = await status.textContent();
  await board.locator('[data-go="first"]').click();
  await page.waitForFunction((b) => b.dataset.at === "0", await board.elementHandle());
  const start = await status.textContent();
  assert.ok(start !== said && /^After \d+ turns?/.test(start) && /position 1 of/.test(start), start);
  await board.locator('[data-go="forward"]').click();
  await page.waitForFunction((b) => b.dataset.at === "1", await board.elementHandle());
  assert.match(await status.textContent(), /^After \d+ turns?: .* to play \(position 2 of/);
  const svg = board.locator(".view > svg");
  assert.equal(await svg.getAttribute("role"), "img");
  assert.match(await svg.getAttribute("aria-label"), / board: After \d+ turns?: /);
  await board.press("End");
  await page.waitForFunction((b) => b.dataset.at === String(Number(b.dataset.frames) - 1), await board.elementHandle());
  assert.match(await status.textContent(), /Illegal/, "the refused turn said");
  check(`the live status says each step ("${start}"), the picture is named`);

  // The whole game: every board opens at its record's start.
  const starts = await page.evaluate(async () => {
    const all = document.querySelectorAll("section.record.illegal div.board");
    const said = [];
    for (const b of all) {
      b.querySelector('[data-go="first"]').click();
      await new Promise((done) => { const wait = () => (b.dataset.at === "0" ? done() : setTimeout(wait, 5)); wait(); });
      said.push(b.querySelector("p.status").textContent);
    }
    return said;
  });
  assert.ok(starts.length > 50, `${starts.length} boards`);
  for (const said of starts) assert.match(said, /^After 0 turns/, "each board starts at the game's start");
  check(`every one of ${starts.length} illegal records' boards steps back to the game's start`);
  // The position copied as a `setup` header, to paste into a record.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const copied = [];
  for (const at of ["0", "1"]) {
    await board.locator(at === "0" ? '[data-go="first"]' : '[data-go="forward"]').click();
    await page.waitForFunction(([b, at]) => b.dataset.at === at, [await board.elementHandle(), at]);
    await board.locator('[data-go="copy"]').click();
    await page.waitForFunction((b) => /copied/.test(b.querySelector("p.status").textContent), await board.elementHandle());
    copied.push(await page.evaluate(() => navigator.clipboard.readText()));
    await board.locator('[data-go="first"]').click();
  }
  // And at the refused turn, the position drawn in the page.
  await board.locator('[data-go="last"]').click();
  await page.waitForFunction((b) => b.dataset.at === String(Number(b.dataset.frames) - 1), await board.elementHandle());
  await board.locator('[data-go="copy"]').click();
  await page.waitForFunction((b) => /copied/.test(b.querySelector("p.status").textContent), await board.elementHandle());
  copied.push(await page.evaluate(() => navigator.clipboard.readText()));
  await board.locator('[data-go="first"]').click();
  for (const text of copied) assert.match(text, /^setup:\n {2}\S/, text);
  for (const text of copied) assert.ok(!text.includes("\\n"), text);
  assert.notEqual(copied[0], copied[1], "each position copies its own setup");
  check("copy setup puts the position shown on the clipboard as a setup header");
  // Turned to a seat: a Superpion board turns through its four camps'
  // seats, the pieces moved about the board's centre, every letter and
  // text kept upright; a Puluc board has no such button.
  const superpion = page.locator("section.record.illegal", { has: page.locator('.game:text-is("superpion")') }).first().locator("div.board");
  const turnButton = superpion.locator('[data-go="turn"]');
  assert.equal(await turnButton.textContent(), "turn to red");
  const where = () => superpion.evaluate((b) => {
    const svg = b.querySelector(".view > svg");
    const piece = svg.querySelector("g.on-board g.piece");
    const box = piece.getBoundingClientRect();
    const board = svg.querySelector("g.on-board g.board").getBoundingClientRect();
    const tilted = [...svg.querySelectorAll("g.on-board text")].filter((t) => {
      const m = t.getScreenCTM();
      return Math.abs(m.b) > 1e-6 || m.a <= 0;
    }).length;
    return {
      square: piece.dataset.square,
      x: box.x + box.width / 2 - (board.x + board.width / 2),
      y: box.y + box.height / 2 - (board.y + board.height / 2),
      tilted,
      seat: svg.querySelector("g.on-board").dataset.seat,
    };
  });
  const south = await where();
  for (const [seat, label] of [["red", "turn to yellow"], ["yellow", "turn to black"], ["black", "turn to blue"]]) {
    await turnButton.click();
    await page.waitForFunction(([b, seat]) => b.querySelector("g.on-board").dataset.seat === seat, [await superpion.elementHandle(), seat]);
    assert.equal(await turnButton.textContent(), label);
  }
  await turnButton.click();
  await turnButton.click();
  await turnButton.click();
  await page.waitForFunction((b) => b.querySelector("g.on-board").dataset.seat === "yellow", await superpion.elementHandle());
  const north = await where();
  assert.equal(north.square, south.square);
  assert.ok(Math.abs(north.x + south.x) < 2 && Math.abs(north.y + south.y) < 2, `${JSON.stringify([south, north])}`);
  assert.equal(north.tilted, 0, "every text upright");
  // The seat is kept as the board steps.
  await superpion.locator('[data-go="first"]').click();
  await page.waitForFunction((b) => b.dataset.at === "0", await superpion.elementHandle());
  assert.equal((await where()).seat, "yellow");
  const puluc = page.locator("section.record.illegal", { has: page.locator('.game:text-is("puluc")') }).first().locator("div.board");
  assert.ok(await puluc.locator('[data-go="turn"]').isHidden(), "no turn for Puluc's track");
  check("a Superpion board turns to each camp's seat, its pieces about the centre, its text upright; Puluc's has no turn");

  // One illegal record of each game the page shows, at its illegal turn.
  const games = new Set((await page.locator("section.record.illegal .game").allTextContents()).map((g) => g.trim()));
  for (const game of games) {
    const section = page.locator("section.record.illegal", { has: page.locator(`.game:text-is("${game}")`) }).first();
    if (await section.count()) await section.screenshot({ path: `${shots}/${game}.png` });
  }

  const row = page.locator(".legal-row").filter({ has: page.locator("details.replay") }).first();
  await row.locator("summary").click();
  await page.waitForFunction((b) => b.dataset.at !== undefined, await row.locator("div.board").elementHandle());
  assert.ok((await row.locator(".view").innerHTML()).includes("<svg"), "an opened legal board is drawn");
  check("a legal record's board is drawn when opened");
  // A link to a record and a position: `#rN-tK` opens the board at
  // position K (its replay opened, for a legal record) and scrolls to it;
  // stepping keeps the address on the position, without history.
  const id = await board.evaluate((b) => b.closest(".record").id);
  assert.match(id, /^r\d+$/);
  const linked = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  linked.on("pageerror", (e) => errors.push(String(e)));
  await linked.goto(`${url}#${id}-t2`);
  const there = linked.locator(`#${id} div.board`);
  await linked.waitForFunction((b) => b.dataset.at === "1", await there.elementHandle());
  assert.match(await there.locator("p.status").textContent(), /\(position 2 of/);
  assert.equal(await there.locator("a.link").getAttribute("href"), `#${id}-t2`);
  const inView = () => there.evaluate((b) => { const r = b.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; });
  assert.ok(await inView(), "the linked board scrolled into view");
  const history = await linked.evaluate(() => history.length);
  await there.locator('[data-go="forward"]').click();
  await linked.waitForFunction((b) => b.dataset.at === "2", await there.elementHandle());
  assert.equal(await linked.evaluate(() => location.hash), `#${id}-t3`);
  assert.equal(await there.locator("a.link").getAttribute("href"), `#${id}-t3`);
  assert.equal(await linked.evaluate(() => history.length), history, "a step adds no history");
  // A hash change on the page: a legal record's closed replay opened.
  const legalId = await linked.locator(".legal-row:has(details.replay)").first().getAttribute("id");
  assert.match(legalId, /^r\d+$/);
  await linked.evaluate((hash) => { location.hash = hash; }, `#${legalId}-t1`);
  const legalBoard = linked.locator(`#${legalId} div.board`);
  await linked.waitForFunction((b) => b.dataset.at === "0", await legalBoard.elementHandle());
  assert.ok(await linked.locator(`#${legalId} details.replay`).evaluate((d) => d.open), "the replay opened");
  await linked.waitForTimeout(200);
  assert.equal(await legalBoard.getAttribute("data-at"), "0", "the opened replay stays at the linked position");
  check(`#${id}-t2 opens that board at position 2 in view; a step makes it #${id}-t3 without history; #${legalId}-t1 opens a legal replay`);
  await linked.close();
  // A long movetext: on load, its box scrolled (not the page) to the
  // refused turn.
  const fresh = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await fresh.goto(url);
  const long = fresh.locator("section.record.illegal", { has: fresh.locator('code:text("long-movetext.arb")') }).first();
  const fit = await long.locator("pre.movetext").evaluate((box) => {
    const mark = box.querySelector(".turn.current").getBoundingClientRect();
    const outer = box.getBoundingClientRect();
    return { overflows: box.scrollHeight > box.clientHeight, scrolled: box.scrollTop > 0, inside: mark.top >= outer.top && mark.bottom <= outer.bottom };
  });
  assert.deepEqual(fit, { overflows: true, scrolled: true, inside: true });
  assert.equal(await fresh.evaluate(() => window.scrollY), 0, "the page itself not scrolled");
  check("a long movetext's box is scrolled to its refused turn on load, the page not");
  await long.screenshot({ path: `${shots}/long-movetext.png` });
  await fresh.close();

  // A phone and a desktop: nothing wider than the screen, with a legal
  // replay open; the board shown at its refused turn.
  await board.locator('[data-go="last"]').click();
  await page.waitForFunction((b) => b.dataset.at === String(Number(b.dataset.frames) - 1), await board.elementHandle());
  for (const width of [375, 1200]) {
    await page.setViewportSize({ width, height: 800 });
    const wide = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(wide[0] <= wide[1], `at ${width} px the page is ${wide[0]} px wide`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shots}/page-${width}.png` });
    await board.locator("xpath=ancestor::section[1]").screenshot({ path: `${shots}/board-${width}.png` });
    // The pictures' smallest text (a coordinate, a legend's note) drawn
    // at 7 pixels or more: on a phone the picture keeps its size and its
    // box scrolls.
    const smallest = await page.evaluate(() => {
      let least = Infinity;
      for (const svg of document.querySelectorAll("section.record.illegal div.board .view > svg")) {
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        for (const text of svg.querySelectorAll("text")) {
          const size = parseFloat(getComputedStyle(text).fontSize);
          if (size) least = Math.min(least, size * scale);
        }
      }
      return least;
    });
    assert.ok(smallest >= 7, `at ${width} px a picture's text is ${smallest.toFixed(1)} px`);
    check(`at ${width} px the page does not scroll sideways, the pictures' text at ${smallest.toFixed(1)} px or more`);
  }

  // On paper: no buttons, black on white, no break inside a board or a
  // diagnostic; and Chromium prints it.
  await page.emulateMedia({ media: "print" });
  const printed = await page.evaluate(() => {
    const style = (css) => getComputedStyle(document.querySelector(css));
    const shown = [...document.querySelectorAll(".controls button, .controls a.link")]
      .filter((b) => b.getClientRects().length > 0);
    return {
      controls: style(".controls").display,
      buttonsShown: shown.length,
      turnBorder: style(".turns li button").borderTopStyle,
      ink: style("body").color,
      paper: getComputedStyle(document.documentElement).backgroundColor,
      record: style("section.record.illegal").backgroundColor,
      board: style("div.board").breakInside,
      diagnostic: style(".diagnostic").breakInside,
    };
  });
  assert.deepEqual(printed, {
    controls: "none", buttonsShown: 0, turnBorder: "none", ink: "rgb(0, 0, 0)",
    paper: "rgb(255, 255, 255)", record: "rgb(255, 255, 255)", board: "avoid", diagnostic: "avoid",
  });
  const pdf = await page.pdf({ format: "A4" });
  assert.ok(pdf.length > 1000, "a PDF printed");
  await page.emulateMedia({ media: "screen" });
  assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector(".controls")).display), "flex");
  check(`printed: no step buttons, black on white, no break inside a board or a diagnostic, a ${Math.round(pdf.length / 1024)} KiB PDF`);

  // A dark system: a dark page, light text, each picture on a light
  // panel, and every key element's text in contrast with what stands
  // behind it (WCAG's ratio, 4.5 for text).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => window.scrollTo(0, 0));
  const dark = await page.evaluate(() => {
    const rgb = (c) => (c.match(/[\d.]+/g) || []).map(Number);
    const luminance = (c) => {
      const [r, g, b] = rgb(c).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    // The first background that is not transparent, up from `e`.
    const behind = (e) => {
      for (; e; e = e.parentElement) {
        const c = getComputedStyle(e).backgroundColor;
        if (rgb(c).length === 3 || rgb(c)[3] > 0) return c;
      }
      return "rgb(255, 255, 255)";
    };
    const ratio = (a, b) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const css = ["h1", "h2", ".counts dt", ".counts dd", ".rules li code", ".rules .count", ".verdict", "section.record h3 code",
      ".players", ".message", ".message .rule", ".at", ".excerpt", ".excerpt .ln", "mark", ".legal-here code", ".explanation .words",
      ".commands code", ".controls button", ".controls a.link", ".turns li button", ".turns .current button", ".turns .illegal button",
      ".movetext", ".movetext .turn.current", ".legal-row .where", ".legal-row .result", ".replay summary"];
    const poor = [];
    for (const c of css) {
      const e = document.querySelector(c);
      if (!e) { poor.push(`${c}: missing`); continue; }
      const r = ratio(getComputedStyle(e).color, behind(e));
      if (r < 4.5) poor.push(`${c}: ${r.toFixed(2)}`);
    }
    return {
      page: luminance(getComputedStyle(document.body).backgroundColor) < 0.05,
      text: luminance(getComputedStyle(document.body).color) > 0.6,
      panel: luminance(behind(document.querySelector(".view svg"))) > 0.8 && luminance(behind(document.querySelector(".view"))) > 0.8,
      poor,
    };
  });
  assert.deepEqual(dark, { page: true, text: true, panel: true, poor: [] });
  await page.screenshot({ path: `${shots}/dark.png` });
  await board.locator("xpath=ancestor::section[1]").screenshot({ path: `${shots}/dark-board.png` });
  await page.emulateMedia({ colorScheme: "light" });
  check("dark: a dark page, light text, the pictures on a light panel, every key text at a contrast of 4.5 or more");

  assert.deepEqual(errors, [], "no script error, nothing fetched");
  check("no script error, nothing fetched");

  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const bare = await plain.newPage();
  await bare.goto(url);
  const illegal = await bare.locator("section.record.illegal").count();
  assert.equal(await bare.locator("section.record.illegal .view svg").count(), illegal, "without script each illegal position is drawn");
  assert.equal(await bare.locator("section.record .diagnostic").count(), await bare.locator("section.record:not(.unreadable)").count());
  assert.ok(!(await bare.locator(".controls").first().isVisible()), "no dead buttons without script");
  assert.equal(await bare.locator(".controls[hidden]").count(), await bare.locator(".controls").count());
  assert.equal(await bare.locator(".turns button:not([disabled])").count(), 0, "the turn list's buttons disabled without script");
  assert.equal(await page.locator(".turns button[disabled]").count(), 0, "the turn list's buttons enabled by the script");
  await bare.screenshot({ path: `${shots}/no-script.png` });
  check(`without script: ${illegal} illegal positions and every diagnostic shown`);
} finally {
  await browser.close();
}
for (const name of checks) console.log(`ok: ${name}`);
