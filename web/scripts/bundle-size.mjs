// Reports the initial JavaScript of the production build (the entry module and every
// module it preloads, gzipped) and fails when it exceeds the budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BUDGET_KB = 150;
const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = new Set();
for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) files.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) files.add(m[1]);
let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file.replace(/^\//, '')))).length;
  total += size;
  console.log(`  ${file}  ${(size / 1024).toFixed(1)} KB gzipped`);
}
const kb = total / 1024;
console.log(`initial JS: ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`initial JS is over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
