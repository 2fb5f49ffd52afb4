// The front door of the game-systems feature: other features import only what is exported here.
export { gameSystemsQueryOptions, treeLanguage, useGameSystems } from './api/list-game-systems';
export { GameSystemSelector } from './components/game-system-selector';
export { formatSystemPath } from './lib/tree';
