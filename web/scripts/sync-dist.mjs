// Makes `dist` (the folder the server embeds) equal to a fresh build in another folder, writing only the files whose
// bytes changed and removing the ones the build no longer makes. A build that produced the same files thus leaves
// `dist` untouched, mtimes included, and Cargo does not compile the server again to embed the same app.
//
// Usage: node scripts/sync-dist.mjs <fresh build folder> <dist folder>
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';

const [from, to] = process.argv.slice(2);
if (!from || !to) {
  console.error('usage: sync-dist.mjs <fresh build folder> <dist folder>');
  process.exit(2);
}

function filesUnder(root) {
  if (!existsSync(root)) return [];
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(root, path));
    }
  };
  walk(root);
  return out;
}

const fresh = new Set(filesUnder(from));
let written = 0;
let removed = 0;
for (const file of fresh) {
  const source = join(from, file);
  const target = join(to, file);
  const same =
    existsSync(target) &&
    statSync(target).size === statSync(source).size &&
    readFileSync(target).equals(readFileSync(source));
  if (same) continue;
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(source, target);
  written += 1;
}
for (const file of filesUnder(to)) {
  if (fresh.has(file)) continue;
  rmSync(join(to, file));
  removed += 1;
}
console.log(
  `web/dist: ${written} file(s) written, ${removed} removed, ${fresh.size - written} unchanged`,
);
