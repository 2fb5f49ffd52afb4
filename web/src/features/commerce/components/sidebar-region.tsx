/**
 * The main sidebar's shopping-region slot. The commerce feature fills it (region and currency switch);
 * until then it renders nothing.
 */
export function SidebarRegion() {
  return null;
}
