// The front door of the chat feature (issue 17): other features import only what is exported here. The Chat
// button's code loads for signed-in users only, so a visitor's Questboard carries none of it (its budget,
// scripts/check-bundle-budget.mjs); the app's layout loads the sidebar's conversations itself.
export { ChatButton, type ChatButtonProps } from './lazy/chat-button';
