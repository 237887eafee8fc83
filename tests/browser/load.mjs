// How long a big `check --format html` page takes to open in headless
// Chromium, and to open one legal board and step it: the figures of
// BENCHMARKS.md ("The HTML page"). Not a test: it prints what it measures.
//
//   node load.mjs REPORT.html
import { chromium } from "playwright-core";
import { pathToFileURL } from "node:url";

const report = process.argv[2];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  let start = Date.now();
  await page.goto(pathToFileURL(report).href, { waitUntil: "load", timeout: 600000 });
  console.log(`load: ${Date.now() - start} ms`);
  const rows = await page.locator(".legal-row").count();
  const records = await page.locator("section.record").count();
  console.log(`rows: ${rows}, not-legal sections: ${records}`);
  const row = page.locator(".legal-row").nth(Math.floor(rows / 2));
  start = Date.now();
  await row.locator("summary").click();
  const board = await row.locator("div.board").elementHandle();
  await page.waitForFunction((b) => b.dataset.at !== undefined, board);
  console.log(`open a board in the middle: ${Date.now() - start} ms`);
  start = Date.now();
  await row.locator('[data-go="first"]').click();
  await page.waitForFunction((b) => b.dataset.at === "0", board);
  console.log(`step it: ${Date.now() - start} ms`);
  const heap = await page.evaluate(() => performance.memory && performance.memory.usedJSHeapSize);
  if (heap) console.log(`JS heap: ${(heap / 1e6).toFixed(1)} MB`);
} finally {
  await browser.close();
}
