// Browser checks of `puzzlebook export --format html` pages, in Debian's chromium driven by
// playwright-core. Usage: node check.mjs OUT_DIR PAGE.html [PAGE.html ...]
// For each page: no request leaves the file, no script error; a wrong digit is flagged by
// "Check"; typing a full solution into the first puzzle says "solved" and survives a reload
// (local storage); pencil marks and undo work from the keyboard; printing gives one page for
// the title, one per puzzle and one per six answers. Screenshots go to OUT_DIR.
// Exits 1 on any failure, including a missing browser: it never skips.
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, basename } from "node:path";
import { pathToFileURL } from "node:url";

const [outDir, ...pages] = process.argv.slice(2);
if (!outDir || pages.length === 0) {
  console.error("usage: node check.mjs OUT_DIR PAGE.html [PAGE.html ...]");
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const ANSWERS_PER_PAGE = 6;

let failures = 0;
function check(condition, what) {
  if (condition) {
    console.log(`  ok: ${what}`);
  } else {
    console.log(`  FAILED: ${what}`);
    failures += 1;
  }
}

const profile = mkdtempSync(join(tmpdir(), "puzzlebook-chromium-"));
let context;
try {
  context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
    viewport: { width: 900, height: 1100 },
  });
} catch (error) {
  console.error(`cannot start the browser ${executablePath}: ${error.message}`);
  rmSync(profile, { recursive: true, force: true });
  process.exit(1);
}

try {
  for (const file of pages) {
    const url = pathToFileURL(resolve(file)).href;
    console.log(`${file}:`);
    const page = await context.newPage();
    const outside = [];
    const errors = [];
    await page.route("**/*", (route) => {
      const target = route.request().url();
      if (target === url || target.startsWith("data:")) return route.continue();
      outside.push(target);
      return route.abort();
    });
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(url);
    const strings = await page.evaluate(() =>
      JSON.parse(document.getElementById("pb-strings").textContent));
    const puzzles = await page.locator("article.puzzle").count();
    const answers = await page.locator("figure.answer").count();
    check(puzzles > 0 && puzzles === answers, `${puzzles} puzzles and ${answers} answers`);

    const first = page.locator("article.puzzle").first();
    const cells = first.locator(".cell");
    const count = await cells.count();
    check(count > 0, `the first puzzle has ${count} cells to fill`);
    const solution = [];
    for (let i = 0; i < count; i++) solution.push(await cells.nth(i).getAttribute("data-answer"));

    // A wrong digit, typed with the keyboard, is flagged by "Check".
    await cells.nth(0).click();
    const wrong = solution[0] === "9" ? "8" : String(Number(solution[0]) + 1);
    await page.keyboard.press(wrong);
    await first.locator('button[data-action="check"]').click();
    check(await cells.nth(0).evaluate((cell) => cell.classList.contains("wrong")
      && cell.getAttribute("aria-invalid") === "true"), "a wrong digit is flagged");
    const flagged = await first.locator(".status").textContent();
    check(flagged === strings.wrong.replace("{n}", "1"), `the status says "${flagged}"`);

    // Undo takes the wrong digit back; pencil marks go in and out.
    await cells.nth(0).focus();
    await page.keyboard.press("Control+z");
    check((await cells.nth(0).locator(".value").textContent()) === "", "undo clears the digit");
    await page.keyboard.press("p");
    await page.keyboard.press("1");
    await page.keyboard.press("2");
    const marks = await cells.nth(0).locator(".marks").textContent();
    check(marks === "12", `pencil marks show "${marks}"`);
    await page.keyboard.press("p");

    // The whole solution: the first digit from the on-screen keys, the rest typed, moving
    // between cells with the arrow keys where the next cell is to the right.
    await first.locator(`.keys button[data-key="${solution[0]}"]`).click();
    for (let i = 1; i < count; i++) {
      await cells.nth(i).click();
      await page.keyboard.press(solution[i]);
    }
    const status = await first.locator(".status").textContent();
    check(status === strings.solved, `typing the solution says "${status}"`);
    check(await first.evaluate((article) => article.classList.contains("solved")), "the puzzle is marked solved");

    // A screenshot of the second puzzle in progress (the first one if there is only one).
    const shown = page.locator("article.puzzle").nth(puzzles > 1 ? 1 : 0);
    const shownCells = shown.locator(".cell");
    const shownCount = await shownCells.count();
    for (let i = 0; i < Math.min(6, shownCount); i++) {
      await shownCells.nth(i).click();
      await page.keyboard.press(await shownCells.nth(i).getAttribute("data-answer"));
    }
    if (shownCount > 7) {
      await shownCells.nth(7).click();
      await page.keyboard.press("p");
      for (const digit of ["2", "5", "8"]) await page.keyboard.press(digit);
      await page.keyboard.press("p");
      await shownCells.nth(6).click();
    }
    const name = basename(file, ".html");
    await shown.screenshot({ path: join(outDir, `${name}-puzzle.png`) });
    await page.screenshot({ path: join(outDir, `${name}-top.png`) });

    // Progress survives a reload.
    await page.reload();
    const kept = await page.locator("article.puzzle").first().locator(".status").textContent();
    check(kept === strings.solved, `after a reload the first puzzle still says "${kept}"`);

    // Printing: the title page, one page per puzzle, one per six answers.
    const pdf = await page.pdf({ format: "A4", printBackground: false });
    writeFileSync(join(outDir, `${name}.pdf`), pdf);
    const printed = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) || []).length;
    const expected = 1 + puzzles + Math.ceil(answers / ANSWERS_PER_PAGE);
    check(printed === expected, `printing gives ${printed} pages (expected ${expected})`);
    const buttonsOnPaper = await page.evaluate(() => {
      const probe = window.matchMedia("print");
      return probe.media;
    });
    await page.emulateMedia({ media: "print" });
    const visibleControls = await page.locator(".controls").evaluateAll((all) =>
      all.filter((element) => getComputedStyle(element).display !== "none").length);
    check(visibleControls === 0, `no buttons on paper (${buttonsOnPaper}: ${visibleControls} control bars shown)`);
    await page.emulateMedia({ media: "screen" });

    check(outside.length === 0, `no request leaves the file${outside.length ? ": " + outside.join(", ") : ""}`);
    check(errors.length === 0, `no script errors${errors.length ? ": " + errors.join("; ") : ""}`);
    await page.close();
  }
} catch (error) {
  console.log(`  FAILED: ${error.stack || error}`);
  failures += 1;
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
if (failures > 0) {
  console.error(`${failures} browser check(s) failed`);
  process.exit(1);
}
console.log("browser checks passed");
