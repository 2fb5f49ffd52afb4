// The front door of the blueprints feature: other features import only what is exported here. The GM pages'
// frame, gate, pagination and loader helpers serve every GM page (series too).
export { GmInvitation } from './components/gm-gate';
export { ListPagination } from './components/list-pagination';
export { Page, PageHeader } from './components/page';
export { isNotFound, offsetFrom, preloadUnlessNotFound, requireSignedInGm } from './lib/gm-loader';
export { blueprintPaths } from './lib/paths';
export { LazyRichTextView } from './components/lazy-rich-text-view';
