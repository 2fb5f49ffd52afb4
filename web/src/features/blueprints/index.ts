// The front door of the blueprints feature: other features import only what is exported here.
export { LazyRichTextView } from './components/lazy-rich-text-view';
