// Checks the JavaScript budget of the public pages (issue 11): the first load of each page marked `public` in
// src/app/routes.json should transfer at most 150 KiB of brotli-compressed JavaScript (BUDGET_BYTES).
//
// The check fails when a public page loads more (docs/performance.md says how the pages stay under it). Counted: the entry chunk of
// index.html, the page's own chunk and every chunk either imports statically (what the browser must fetch before
// the page paints: index.html and the server's route page preload exactly these). Chunks a page imports only
// dynamically (dialogs, the command palette, the editor) load when first used and are not counted.
//
// Reads dist/.vite/manifest.json, so run it after `vite build` (`npm run check:bundle`). Sizes are computed here
// (brotli quality 11, as the build stores them; gzip level 9 shown alongside), not read from the .br files.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 150 * 1024;

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(webDir, 'dist');

/** The manifest keys of `key` and everything it imports statically. */
export function staticClosure(manifest, key) {
  const seen = new Set();
  const queue = [key];
  while (queue.length > 0) {
    const next = queue.shift();
    if (seen.has(next)) continue;
    const entry = manifest[next];
    if (!entry) throw new Error(`the manifest has no entry ${next}`);
    seen.add(next);
    queue.push(...(entry.imports ?? []));
  }
  return seen;
}

function compressedSizes(file) {
  const data = readFileSync(join(distDir, file));
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  }).length;
  return { raw: data.length, brotli, gzip: gzipSync(data, { level: 9 }).length };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

function main() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8'));
  } catch (error) {
    console.error(
      `check-bundle-budget: no build manifest (${error.message}); run \`npm run build\` first.`,
    );
    process.exit(2);
  }
  const routes = JSON.parse(readFileSync(join(webDir, 'src/app/routes.json'), 'utf8')).routes;
  const publicRoutes = routes.filter((route) => route.public === true);
  if (publicRoutes.length === 0) throw new Error('routes.json marks no page public');
  const entryKeys = staticClosure(manifest, 'index.html');
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, compressedSizes(file));
    return sizes.get(file);
  };
  let failed = false;
  for (const route of publicRoutes) {
    const keys = new Set([...entryKeys, ...staticClosure(manifest, route.module)]);
    const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
    const total = { raw: 0, brotli: 0, gzip: 0 };
    for (const file of files) {
      const size = sizeOf(file);
      total.raw += size.raw;
      total.brotli += size.brotli;
      total.gzip += size.gzip;
    }
    const over = total.brotli > BUDGET_BYTES;
    failed ||= over;
    const status = over ? 'FAIL' : 'ok  ';
    console.log(
      `${status} ${route.path.padEnd(10)} ${kib(total.brotli)} brotli (${kib(total.gzip)} gzip, ` +
        `${kib(total.raw)} raw) in ${files.length} files; budget ${kib(BUDGET_BYTES)}` +
        (over
          ? ` (${kib(total.brotli - BUDGET_BYTES)} over)`
          : ` (${kib(BUDGET_BYTES - total.brotli)} left)`),
    );
    if (over || process.argv.includes('--verbose')) {
      for (const file of files.sort((a, b) => sizeOf(b).brotli - sizeOf(a).brotli)) {
        console.log(`       ${kib(sizeOf(file).brotli).padStart(10)}  ${file}`);
      }
    }
  }
  if (failed) {
    console.error(
      'check-bundle-budget: a public page loads more JavaScript on its first load than the budget allows.',
    );
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
