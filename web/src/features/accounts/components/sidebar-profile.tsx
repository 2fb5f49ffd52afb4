/**
 * The main sidebar's profile slot. The accounts feature fills it (signed-in user, sign-in button); until
 * then it renders nothing.
 */
export function SidebarProfile() {
  return null;
}
