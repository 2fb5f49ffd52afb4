// Generates src/lib/api/schema.ts from ../docs/openapi.json (the server's committed contract).
// With --check it writes nothing and fails when the committed file differs from a fresh generation.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const specPath = resolve(webDir, '../docs/openapi.json');
const schemaPath = resolve(webDir, 'src/lib/api/schema.ts');
const header = [
  '/**',
  ' * GENERATED FILE, DO NOT EDIT BY HAND.',
  ' * Source: docs/openapi.json (generated from the Rust handlers).',
  ' * Regenerate with `npm run gen:api`; `npm run check:api` fails when this file is stale.',
  ' */',
  '',
].join('\n');

function generate(outPath) {
  const bin = resolve(webDir, 'node_modules/.bin/openapi-typescript');
  execFileSync(bin, [specPath, '--output', outPath], { stdio: ['ignore', 'ignore', 'inherit'] });
  const prettier = resolve(webDir, 'node_modules/.bin/prettier');
  // Format with the project's Prettier config so the committed file passes format:check.
  const formatted = execFileSync(prettier, ['--stdin-filepath', schemaPath], {
    input: header + readFileSync(outPath, 'utf8'),
  }).toString();
  writeFileSync(outPath, formatted);
}

if (process.argv.includes('--check')) {
  const dir = mkdtempSync(join(tmpdir(), 'questline-api-'));
  try {
    const fresh = join(dir, 'schema.ts');
    generate(fresh);
    if (readFileSync(fresh, 'utf8') !== readFileSync(schemaPath, 'utf8')) {
      console.error('src/lib/api/schema.ts is stale: run `npm run gen:api` and commit the result.');
      process.exit(1);
    }
    console.log('src/lib/api/schema.ts matches docs/openapi.json.');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
} else {
  generate(schemaPath);
  console.log('Wrote src/lib/api/schema.ts');
}
