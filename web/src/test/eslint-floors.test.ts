import { ESLint } from 'eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

import { FEATURE_ORDER, floorZones } from '../../eslint.floors.js';

// The zones of eslint.floors.js, applied to a few lines placed in the tree: what ESLint says of an import from a
// feature above, from a feature's inner file, and from shared code into a feature.
const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [
          createTypeScriptImportResolver({ project: './tsconfig.app.json' }),
        ],
      },
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          { zones: floorZones(new URL('../features', import.meta.url)) },
        ],
      },
    },
  ],
});

async function refusals(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: file });
  return (result?.messages ?? []).map((message) => message.message);
}

describe('the floors ESLint enforces', () => {
  it('refuses an import from a feature above', async () => {
    const said = await refusals(
      'src/features/series/probe.ts',
      "export { questboardHref } from '@/features/questboard';\n",
    );
    expect(said).toHaveLength(1);
    expect(said[0]).toContain("'series' stands below these features");
  });

  it('lets a feature import the front door of one below it', async () => {
    const said = await refusals(
      'src/features/questboard/probe.ts',
      "export { blueprintPaths } from '@/lib/paths';\nexport { LazyRichTextView } from '@/features/blueprints';\n",
    );
    expect(said).toEqual([]);
  });

  it("refuses a feature's inner file, even from above", async () => {
    const said = await refusals(
      'src/features/questboard/probe.ts',
      "export * from '@/features/blueprints/lib/autosave';\n",
    );
    expect(said.join('\n')).toContain('front door');
  });

  it('refuses a feature in shared code', async () => {
    const said = await refusals('src/lib/probe.ts', "export * from '@/features/questboard';\n");
    expect(said.join('\n')).toContain('Shared code');
  });

  it('places every feature', () => {
    expect(new Set(FEATURE_ORDER).size).toBe(FEATURE_ORDER.length);
  });
});
