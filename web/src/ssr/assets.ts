/**
 * The files a server-rendered page loads up front besides the app's entry: the route module's
 * chunk (a `modulepreload`, so it comes with the entry instead of after it) and every style
 * sheet it and its imports carry (so the HTML is styled before any script runs), read from the
 * client build's manifest (`dist/.vite/manifest.json`).
 */

export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export type Manifest = Record<string, ManifestChunk>;

/** The entries the app's HTML already loads (index.html): their files and styles are there. */
function loadedByEntry(manifest: Manifest): Set<string> {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) walk(next);
  };
  walk('index.html');
  return seen;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The `<link>` elements for the route modules `modules`, styles first. */
export function assetLinks(manifest: Manifest, modules: readonly string[]): string {
  const skip = loadedByEntry(manifest);
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || skip.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    scripts.push(chunk.file);
    styles.push(...(chunk.css ?? []));
    for (const next of chunk.imports ?? []) walk(next);
  };
  modules.forEach(walk);
  return [
    ...[...new Set(styles)].map((file) => `<link rel="stylesheet" href="/${escapeAttribute(file)}">`),
    ...scripts.map((file) => `<link rel="modulepreload" href="/${escapeAttribute(file)}">`),
  ].join('');
}
