/** The rotating site-messages banner (placeholder until the banner lands). */
export function SiteBanner() {
  return null;
}
