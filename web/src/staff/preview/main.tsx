/**
 * The staff preview script's entry, built as dist/staff-preview.js (no hash: the server names
 * it in the page, vite.config.ts). The server adds it to a shoppers' page only for a signed-in
 * merchandiser who turned preview on (cookie `sf_preview=1`, cookie.ts); it is none of the
 * shoppers' bundle (scripts/bundle-size.mjs).
 *
 * The rest loads as a chunk of its own: loading it that way brings its stylesheet
 * (preview.css) with it as a file, which the page's Content Security Policy allows.
 */
void import('./preview').then(({ start }) => {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
});
