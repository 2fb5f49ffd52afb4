/// <reference types="vitest/config" />
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import routeTable from './src/app/routes.json' with { type: 'json' };

/** The file name of a route's page, as the server derives it (crates/server/src/web.rs, `route_slug`). */
function routeSlug(pattern: string): string {
  return (
    pattern
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .join('-') || 'index'
  );
}

/**
 * Writes `route-html/<slug>.html` for every route of `src/app/routes.json`: `index.html` plus a
 * `modulepreload` for each chunk the route's page imports (and its style sheets), so the browser fetches the
 * page's code alongside the main bundle instead of after it (one paint, not two). The server answers a route's
 * path with its page.
 */
function routePages(): Plugin {
  let root = '';
  return {
    name: 'questline-route-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    writeBundle(options, bundle) {
      const outDir = options.dir ?? resolve(root, 'dist');
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const queue = [...start];
        for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
          if (seen.has(file)) continue;
          seen.add(file);
          const chunk = chunks.find((candidate) => candidate.fileName === file);
          if (chunk) queue.push(...chunk.imports);
        }
        return seen;
      };
      const cssOf = (files: Set<string>) =>
        new Set(
          chunks
            .filter((chunk) => files.has(chunk.fileName))
            .flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]),
        );
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('the build has no entry chunk');
      const loaded = closure([entry.fileName]);
      const loadedCss = cssOf(loaded);
      const index = readFileSync(join(outDir, 'index.html'), 'utf8');
      mkdirSync(join(outDir, 'route-html'), { recursive: true });
      for (const route of routeTable.routes) {
        const page = chunks.find((chunk) => chunk.facadeModuleId === resolve(root, route.module));
        if (!page) throw new Error(`routes.json: no chunk for ${route.module} (${route.path})`);
        const files = [...closure([page.fileName])].filter((file) => !loaded.has(file));
        const css = [...cssOf(new Set(files))].filter((file) => !loadedCss.has(file));
        const links = [
          ...files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ].join('\n    ');
        const html = index.replace('</head>', `  ${links}\n  </head>`);
        writeFileSync(join(outDir, 'route-html', `${routeSlug(route.path)}.html`), html);
      }
    },
  };
}

/** The `*.test.ts` files that need a DOM (they read `window`, `document` or a browser's `WebSocket`). */
const DOM_RULE_TESTS = [
  'src/components/ui/sidebar-state.test.ts',
  'src/app/route-handle.test.ts',
  'src/features/realtime/connection.test.ts',
];

/** Text files the server may send compressed. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Stores a brotli (quality 11) and a gzip (level 9) copy beside every text file of the build, `<file>.br` and
 * `<file>.gz`, so the server sends them without compressing per request. A copy that is not smaller is left out.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'questline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir).flatMap((name) => {
            const path = join(dir, name);
            return statSync(path).isDirectory() ? walk(path) : [path];
          });
        for (const file of walk(outDir)) {
          if (!COMPRESSIBLE.test(file) || relative(outDir, file).startsWith('.')) continue;
          const data = readFileSync(file);
          const brotli = brotliCompressSync(data, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 11,
              [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          });
          const gzip = gzipSync(data, { level: 9 });
          if (brotli.length < data.length) writeFileSync(`${file}.br`, brotli);
          if (gzip.length < data.length) writeFileSync(`${file}.gz`, gzip);
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), routePages(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      // The Rust server (`questline serve`, port 8080) answers the API and the websocket.
      '/api': { target: 'http://127.0.0.1:8080', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // Hashed names (assets/[name]-[hash].js) let the server cache /assets/* as immutable.
    assetsDir: 'assets',
    // dist/.vite/manifest.json: which chunks each page loads (scripts/check-bundle-budget.mjs). The server does
    // not serve it.
    manifest: true,
    rolldownOptions: {
      // A feature's front door (index.ts) and its lazy wrappers (lazy/*.ts) only define things: a page that takes
      // one hook from a front door then does not also load the chunk of the feature's lazy dialogs.
      treeshake: {
        moduleSideEffects: (id: string) =>
          !/[\\/]src[\\/]features[\\/][^\\/]+[\\/](index\.ts|lazy[\\/])/.test(id),
      },
      output: {
        // React changes less often than our code: its chunk stays cached across our releases. Other libraries
        // are not grouped by hand: a vendor chunk would load on every page with everything any lazy dialog or
        // page needs (forms, zod, cmdk…), and hand-made groups that leave out their dependencies
        // (`includeDependenciesRecursively: false`) can break the order chunks initialise in (Tiptap's did).
        // Split by use, a page loads only what it shows; the editor and dnd-kit stay in the GM pages' chunks.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack|tailwind-merge|clsx|openapi-fetch|use-sync-external-store|@radix-ui[\\/]react-slot|@radix-ui[\\/]react-compose-refs)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    restoreMocks: true,
    // One worker per core: Vitest's default leaves one core free, which on a 2-core machine is half of it.
    maxWorkers: availableParallelism(),
    // Components and the few rules that read the DOM run in jsdom; the other rules (`*.test.ts`) in Node, which
    // saves each of them jsdom's set-up (about half the suite's time went to setting up environments).
    projects: [
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', ...DOM_RULE_TESTS],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'rules',
          environment: 'node',
          // Pure rules share their workers' loaded modules (the locales, the generated client) instead of loading
          // them again for each file; a rule keeps no state between tests.
          isolate: false,
          include: ['src/**/*.test.ts'],
          exclude: DOM_RULE_TESTS,
          setupFiles: ['src/test/setup-languages.ts'],
        },
      },
    ],
  },
});
