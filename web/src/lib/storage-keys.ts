/** Every key this app keeps in the browser's storage, in one place so none collide or drift. */
export const storageKeys = {
  /** localStorage: the interface language. */
  locale: 'questline.locale',
  /** localStorage: the chosen shopping region's id (the spec names this key). */
  regionId: 'region_id',
  /** localStorage: the shopping cart's id (the spec names this key). */
  cartId: 'cart_id',
  /** localStorage: the session whose seat a card payment is for, so `/checkout/success` can lead back to it. */
  checkoutSessionId: 'questline.checkout_session',
  /** sessionStorage: the account that postponed the profile wizard in this browser session. */
  profileWizardPostponed: 'questline.profile_wizard_postponed',
  /** localStorage: the step the basic profile wizard stopped at, with its account, so it resumes there. */
  profileWizardStep: 'questline.profile_wizard_step',
  /** localStorage: the unsaved text of a blueprint part, per part id (the editor's local draft). */
  partDraftPrefix: 'questline.part_draft.',
  /** sessionStorage: the unsent text of a chat message, per conversation id. */
  chatDraftPrefix: 'questline.chat_draft.',
} as const;
