// Checks the production build, from its manifest (dist/.vite/manifest.json):
//
// - the shoppers' initial JavaScript (index.html's entry and every module it imports
//   statically, gzipped) against the budget;
// - that each page a shopper lands on (rendered on the server) loads at most a few files of
//   its own, and its JavaScript on the wire (the entry's and the page's, as the server sends
//   them: the build's brotli copies) against a budget per page;
// - that no chunk a shopper can load (index.html's entry, everything it imports, statically or
//   lazily, and their CSS) holds staff code: the markers below occur only in src/staff/;
// - the staff entry's (staff.html) initial JavaScript, reported apart, and its lazily loaded
//   pages (the analytics report, with its chart library), each reported apart; the chart
//   library must not be in the staff entry's initial JavaScript;
// - the staff preview script (src/staff/preview/main.tsx): emitted as dist/staff-preview.js,
//   the name the server adds to a previewing merchandiser's page; reported with what it loads
//   that the shopper's page has not loaded already.
//
// Any failure exits non-zero, so `npm run build` fails.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BUDGET_KB = 150;
/**
 * A landing page's JavaScript on the wire (brotli, what a browser is sent), the entry's and the
 * page's own. React with the data router alone is 83 KB of it (docs/performance.md); the budget
 * keeps the rest from growing unnoticed.
 */
const PAGE_BUDGET_KB = 145;
const SHOPPER_ENTRY = 'index.html';
const STAFF_ENTRY = 'staff.html';
const PREVIEW_ENTRY = 'src/staff/preview/main.tsx';
const PREVIEW_FILE = 'staff-preview.js';
/**
 * Text that only staff code holds: the merchandising API's path, the staff token's storage key,
 * the token field's label and the staff pages' CSS classes. A minifier keeps strings and class
 * names (it renames identifiers), so these survive in any chunk that holds the code.
 */
const STAFF_MARKERS = ['/api/staff/', 'sf.merch.token', 'Merchandiser token', 'merch-panel', 'pin-board'];
/** Text only the chart library (uPlot) holds: one of the class names it gives its parts. */
const CHART_MARKER = 'u-under';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json is missing: build with `manifest: true` (vite.config.ts)');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
let failed = false;

function chunk(key) {
  const c = manifest[key];
  if (!c) {
    console.error(`the build's manifest has no ${key}`);
    process.exit(1);
  }
  return c;
}

/** The chunks `key` loads: itself and its static imports, with `lazy` its dynamic ones too. */
function closure(key, lazy) {
  const seen = new Set();
  const walk = (k) => {
    if (seen.has(k)) return;
    seen.add(k);
    const c = chunk(k);
    for (const i of c.imports ?? []) walk(i);
    if (lazy) for (const i of c.dynamicImports ?? []) walk(i);
  };
  walk(key);
  return [...seen].map(chunk);
}

function gzipKb(file) {
  return gzipSync(readFileSync(join(dist, file))).length / 1024;
}

/** A file's size as the server sends it: its brotli copy, or the file (small files have none). */
function wireKb(file) {
  const path = join(dist, file);
  return (existsSync(`${path}.br`) ? statSync(`${path}.br`) : statSync(path)).size / 1024;
}

/** Prints the entry's initial JS file by file; answers its total in KB (gzipped). */
function initialJs(entry) {
  let total = 0;
  for (const c of closure(entry, false)) {
    if (!c.file.endsWith('.js')) continue;
    const kb = gzipKb(c.file);
    total += kb;
    console.log(`  /${c.file}  ${kb.toFixed(1)} KB gzipped`);
  }
  return total;
}

console.log(`shoppers (${SHOPPER_ENTRY}):`);
const shopperKb = initialJs(SHOPPER_ENTRY);
console.log(`initial JS: ${shopperKb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (shopperKb > BUDGET_KB) {
  console.error(`initial JS is over budget by ${(shopperKb - BUDGET_KB).toFixed(1)} KB`);
  failed = true;
}

// Every file a shopper's page can load, lazily loaded routes included.
const shopperFiles = new Set([SHOPPER_ENTRY]);
for (const c of closure(SHOPPER_ENTRY, true)) {
  shopperFiles.add(c.file);
  for (const css of c.css ?? []) shopperFiles.add(css);
}
const leaks = [];
for (const file of shopperFiles) {
  const text = readFileSync(join(dist, file), 'utf8');
  const found = STAFF_MARKERS.filter((m) => text.includes(m));
  if (found.length > 0) leaks.push(`${file} (${found.map((m) => JSON.stringify(m)).join(', ')})`);
}
if (leaks.length > 0) {
  console.error(`staff code in the shoppers' bundle: ${leaks.join('; ')}`);
  console.error('only src/staff/ (the staff.html entry) may hold it; shopper modules must not import it');
  failed = true;
} else {
  console.log(`no staff code in the ${shopperFiles.size} files a shopper's page can load`);
}

// The pages a shopper lands on (rendered on the server, src/app/renderedPages.ts): the files
// each loads besides the entry's, every one a request a phone waits on before the page works
// (vite.config.ts groups their modules).
const MAX_PAGE_FILES = 4;
const renderedPages = [
  ...readFileSync(new URL('../src/app/renderedPages.ts', import.meta.url), 'utf8').matchAll(/'(src\/[^']+)'/g),
].map((m) => m[1]);
const entryChunks = new Set(closure(SHOPPER_ENTRY, false));
const entryWireKb = [...entryChunks].filter((c) => c.file.endsWith('.js')).reduce((kb, c) => kb + wireKb(c.file), 0);
console.log(`landing pages (files besides the entry's; JS on the wire with the entry's ${entryWireKb.toFixed(1)} KB, brotli):`);
for (const page of renderedPages) {
  const own = closure(page, false).filter((c) => !entryChunks.has(c));
  const scripts = own.length;
  const sheets = new Set(own.flatMap((c) => c.css ?? [])).size;
  const wire = own.filter((c) => c.file.endsWith('.js')).reduce((kb, c) => kb + wireKb(c.file), entryWireKb);
  console.log(`  ${page}  ${scripts} scripts, ${sheets} style sheets, JS ${wire.toFixed(1)} KB`);
  if (scripts > MAX_PAGE_FILES || sheets > MAX_PAGE_FILES) {
    console.error(`${page} loads more than ${MAX_PAGE_FILES} scripts or style sheets: group its modules (vite.config.ts)`);
    failed = true;
  }
  if (wire > PAGE_BUDGET_KB) {
    console.error(`${page}'s JavaScript is ${wire.toFixed(1)} KB on the wire, over its budget of ${PAGE_BUDGET_KB} KB`);
    failed = true;
  }
}

console.log(`staff (${STAFF_ENTRY}):`);
const staffKb = initialJs(STAFF_ENTRY);
console.log(`staff initial JS: ${staffKb.toFixed(1)} KB gzipped`);
const staffInitial = closure(STAFF_ENTRY, false).map((c) => c.file);
for (const key of chunk(STAFF_ENTRY).dynamicImports ?? []) {
  const lazy = chunk(key);
  const css = (lazy.css ?? []).map((file) => `, /${file} ${gzipKb(file).toFixed(1)} KB gzipped`).join('');
  console.log(`  lazily: /${lazy.file}  ${gzipKb(lazy.file).toFixed(1)} KB gzipped${css}`);
}
const chartsUpFront = staffInitial.filter((file) => file.endsWith('.js') && readFileSync(join(dist, file), 'utf8').includes(CHART_MARKER));
if (chartsUpFront.length > 0) {
  console.error(`the chart library is in the staff entry's initial JS (${chartsUpFront.join(', ')}): load it with its page`);
  failed = true;
}
// The check above proves something only if the staff entry does hold the markers.
const staffText = closure(STAFF_ENTRY, true)
  .flatMap((c) => [c.file, ...(c.css ?? [])])
  .map((file) => readFileSync(join(dist, file), 'utf8'))
  .join('\n');
const missing = STAFF_MARKERS.filter((m) => !staffText.includes(m));
if (missing.length > 0) {
  console.error(`the staff entry lacks the markers ${missing.map((m) => JSON.stringify(m)).join(', ')}: update STAFF_MARKERS`);
  failed = true;
}

// The preview script runs on a shoppers' page: what it adds to what the page loaded already.
const preview = chunk(PREVIEW_ENTRY);
console.log(`staff preview (/${preview.file}):`);
if (preview.file !== PREVIEW_FILE) {
  console.error(`the preview script is emitted as ${preview.file}: the server adds /${PREVIEW_FILE} (vite.config.ts)`);
  failed = true;
}
const shopperInitial = new Set(closure(SHOPPER_ENTRY, false).flatMap((c) => [c.file, ...(c.css ?? [])]));
let previewKb = 0;
for (const c of closure(PREVIEW_ENTRY, true)) {
  for (const file of [c.file, ...(c.css ?? [])]) {
    if (shopperInitial.has(file)) continue;
    shopperInitial.add(file);
    const kb = gzipKb(file);
    previewKb += kb;
    console.log(`  /${file}  ${kb.toFixed(1)} KB gzipped`);
  }
}
console.log(`preview adds ${previewKb.toFixed(1)} KB gzipped to a shopper's page`);

if (failed) process.exit(1);
