/** Types of eslint.floors.js, for the test that shows its zones at work (src/test/eslint-floors.test.ts). */
export declare const FEATURE_ORDER: readonly string[];
export declare function floorZones(featuresDir: URL): object[];
