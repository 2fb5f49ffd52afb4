// The front door of the reviews feature (issue 19): other features import only what is exported here. The
// sections and dialogs are lazy (their code and strings load when first shown).
export { PlayerNoteButton, type PlayerNoteButtonProps } from './components/player-note-button';
export { ProfileReviews, SessionFeedback } from './lazy/sections';
export { feedbackMayApply } from './lib/took-part';
