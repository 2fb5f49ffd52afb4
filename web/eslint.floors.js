// The floors of src/ (docs/architecture.md, "Web app"): shared code (components/, lib/) < features/ < app/. A floor
// imports only from floors below it; a feature reaches another feature only through its front door,
// features/<name>/index.ts, and only a feature below it in FEATURE_ORDER, so no two features import each other.
// eslint.config.js applies these zones; src/test/eslint-floors.test.ts shows they catch what they should.
import { readdirSync } from 'node:fs';

/**
 * The features from the bottom up. A feature may import those before it, never those after it. A new feature
 * takes its place here on purpose (a feature missing from the list stops ESLint).
 */
export const FEATURE_ORDER = [
  'realtime',
  'localization',
  'notifications',
  'accounts',
  'game-systems',
  'blueprints',
  'chat',
  'reviews',
  'applications',
  'series',
  'profiles',
  'commerce',
  'sessions',
  'dashboard',
  'questboard',
  'home',
];

/** The zones of `import-x/no-restricted-paths` for the features found in `featuresDir` (a file URL). */
export function floorZones(featuresDir) {
  const features = readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const unplaced = features.filter((feature) => !FEATURE_ORDER.includes(feature));
  if (unplaced.length > 0) {
    throw new Error(`eslint.floors.js: place ${unplaced.join(', ')} in FEATURE_ORDER`);
  }
  return [
    {
      target: ['./src/components', './src/lib'],
      from: ['./src/features', './src/app'],
      message: 'Shared code (components/, lib/) must not import features/ or app/.',
    },
    {
      target: './src/features',
      from: './src/app',
      message: 'A feature must not import app/; move what it needs to lib/ or components/.',
    },
    ...features.map((feature) => ({
      target: `./src/features/${feature}`,
      from: './src/features',
      except: [
        `./${feature}`,
        ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
      ],
      message: `Import another feature only through its front door, '@/features/<name>' (its index.ts).`,
    })),
    ...features
      .map((feature) => ({
        feature,
        above: FEATURE_ORDER.slice(FEATURE_ORDER.indexOf(feature) + 1).filter((other) =>
          features.includes(other),
        ),
      }))
      .filter(({ above }) => above.length > 0)
      .map(({ feature, above }) => ({
        target: `./src/features/${feature}`,
        from: above.map((other) => `./src/features/${other}`),
        message: `'${feature}' stands below these features (FEATURE_ORDER in eslint.floors.js): it must not import them. Move what both need down, or pass it in from above.`,
      })),
  ];
}
