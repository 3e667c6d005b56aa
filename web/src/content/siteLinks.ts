/**
 * The site's link table (storefront-shell.md §2 "Links and pages"): the
 * footer's link groups, the content pages behind them and the placeholder
 * pages of later issues. Plain data, no imports, so the route table, the
 * footer and the browser tests share it.
 */

export interface SiteLink {
  label: string;
  /** A local path, or an absolute URL when `external`. */
  href: string;
  external?: boolean;
  /** Shown only to customers with registries. */
  requiresRegistries?: boolean;
}

export interface LinkGroup {
  id: 'general' | 'customer-care' | 'tax-exempt' | 'services' | 'account' | 'automotive';
  title: string;
  links: SiteLink[];
}

/** External company sites linked from the general (company) links. */
export const CAREERS_URL = 'https://careers.storefront.example/';
export const REAL_ESTATE_URL = 'https://realestate.storefront.example/';

export const CUSTOMER_SERVICE_PHONE = '1-800-210-2370';

export const LOGIN_PATH = '/account/login/';
export const LOGOUT_PATH = '/account/logout/';
/** The tax-exemption application (src/certificate/pages/). */
export const CERTIFICATE_PATH = '/account/certificate/';

export const LINK_GROUPS: LinkGroup[] = [
  {
    id: 'general',
    title: 'General',
    links: [
      { label: 'Rewards', href: '/rewards/' },
      { label: 'Mobile App', href: '/mobile-app/' },
      { label: 'About Us', href: '/about-us/' },
      { label: 'Our History', href: '/history/' },
      { label: 'Community', href: '/community/' },
      { label: 'Blog', href: '/blog/' },
      { label: 'Events & News', href: '/blog/category/events-news/' },
      { label: 'Modeling', href: '/modeling/' },
      { label: 'Storefront Mastercard', href: '/mastercard/' },
      { label: 'Store Finder', href: '/store-finder/' },
      { label: 'FAQ', href: '/faq/' },
      { label: 'Shipping & Returns', href: '/shipping-returns/' },
      { label: 'Best Price Promise', href: '/best-price-promise/' },
      { label: 'Coupons', href: '/coupons/' },
      { label: 'Coupon Acceptance Policy', href: '/coupon-acceptance-policy/' },
      { label: 'Customer Care', href: '/customer-care/' },
      { label: 'Careers', href: CAREERS_URL, external: true },
      { label: 'Real Estate', href: REAL_ESTATE_URL, external: true },
    ],
  },
  {
    id: 'customer-care',
    title: 'Customer Care',
    links: [
      { label: 'SDS Request', href: '/sds-request/' },
      { label: 'Product Recalls', href: '/recalls/' },
      { label: 'Rebates', href: '/rebates/' },
      { label: 'Theme Song', href: '/theme-song/' },
      { label: 'Legal Notice', href: '/legal-notice/' },
      { label: 'Privacy Policy', href: '/privacy-policy/' },
    ],
  },
  {
    id: 'tax-exempt',
    title: 'Tax Exempt',
    links: [{ label: 'Tax Exempt Application', href: CERTIFICATE_PATH }],
  },
  {
    id: 'services',
    title: 'Services',
    links: [
      { label: 'Automotive Service', href: '/automotive-service/' },
      { label: 'Store Pickup', href: '/store-pickup/' },
      { label: 'Same Day Local Delivery', href: '/same-day-local-delivery/' },
      { label: 'Farms', href: '/farms/' },
      { label: 'Animal Rx', href: '/animalrx/' },
      { label: 'Gift Registry', href: '/gift-registry/' },
      { label: 'My Registries', href: '/gift-registry/list/', requiresRegistries: true },
      { label: 'Gift Cards', href: '/gift-cards/' },
      { label: 'Gift Ideas', href: '/gift-ideas/' },
      { label: 'BEST Program', href: '/best-program/' },
      { label: 'Small Engine Repair & Parts', href: '/small-engine-repair-and-parts/' },
      { label: 'Fishing & Hunting Licenses', href: '/fishing-hunting-licenses/' },
      { label: 'Rebates', href: '/rebates/' },
      { label: 'Other Services', href: '/other-services/' },
    ],
  },
  {
    id: 'account',
    title: 'Account',
    // Sign in / create / sign out links are added by the footer (they carry refUrl).
    links: [
      { label: 'My Account', href: '/account/' },
      { label: 'Order History', href: '/account/orders/' },
      { label: 'My Rewards', href: '/account/rewards/' },
      { label: 'Track Your Order', href: '/account/track-your-order/' },
      { label: 'Cart', href: '/cart/' },
    ],
  },
  {
    id: 'automotive',
    title: 'Automotive',
    links: [
      { label: 'Tires', href: '/tires/' },
      { label: 'Batteries', href: '/batteries/' },
      { label: 'Automotive Service & Repair', href: '/automotive-service-repair/' },
    ],
  },
];

/**
 * The company links of the mobile menu: who we are and how to reach us, with
 * the external careers and real-estate sites (spec §2: "External careers and
 * real-estate sites are also linked from the company links"). Taken from the
 * general group, so labels and addresses stay the footer's.
 */
export const COMPANY_LINK_HREFS: string[] = [
  '/about-us/',
  '/history/',
  '/community/',
  '/customer-care/',
  CAREERS_URL,
  REAL_ESTATE_URL,
];

export const COMPANY_LINKS: SiteLink[] = COMPANY_LINK_HREFS.map((href) => {
  const link = LINK_GROUPS.find((g) => g.id === 'general')?.links.find((l) => l.href === href);
  if (!link) throw new Error(`Company link ${href} is not in the general links`);
  return link;
});

/** A page written in Markdown (`src/content/pages/{slug}.md`). */
export interface ContentPageDef {
  path: string;
  slug: string;
}

export const CONTENT_PAGES: ContentPageDef[] = [
  { path: '/rewards/', slug: 'rewards' },
  { path: '/mobile-app/', slug: 'mobile-app' },
  { path: '/about-us/', slug: 'about-us' },
  { path: '/history/', slug: 'history' },
  { path: '/community/', slug: 'community' },
  { path: '/blog/', slug: 'blog' },
  { path: '/blog/category/events-news/', slug: 'blog-events-news' },
  { path: '/modeling/', slug: 'modeling' },
  { path: '/mastercard/', slug: 'mastercard' },
  { path: '/faq/', slug: 'faq' },
  { path: '/shipping-returns/', slug: 'shipping-returns' },
  { path: '/best-price-promise/', slug: 'best-price-promise' },
  { path: '/coupons/', slug: 'coupons' },
  { path: '/coupon-acceptance-policy/', slug: 'coupon-acceptance-policy' },
  { path: '/customer-care/', slug: 'customer-care' },
  { path: '/sds-request/', slug: 'sds-request' },
  { path: '/recalls/', slug: 'recalls' },
  { path: '/rebates/', slug: 'rebates' },
  { path: '/theme-song/', slug: 'theme-song' },
  { path: '/legal-notice/', slug: 'legal-notice' },
  { path: '/privacy-policy/', slug: 'privacy-policy' },
  { path: '/automotive-service/', slug: 'automotive-service' },
  { path: '/store-pickup/', slug: 'store-pickup' },
  { path: '/same-day-local-delivery/', slug: 'same-day-local-delivery' },
  { path: '/farms/', slug: 'farms' },
  { path: '/animalrx/', slug: 'animalrx' },
  { path: '/gift-registry/', slug: 'gift-registry' },
  { path: '/gift-cards/', slug: 'gift-cards' },
  { path: '/gift-ideas/', slug: 'gift-ideas' },
  { path: '/best-program/', slug: 'best-program' },
  { path: '/small-engine-repair-and-parts/', slug: 'small-engine-repair-and-parts' },
  { path: '/fishing-hunting-licenses/', slug: 'fishing-hunting-licenses' },
  { path: '/other-services/', slug: 'other-services' },
  { path: '/tires/', slug: 'tires' },
  { path: '/batteries/', slug: 'batteries' },
  { path: '/automotive-service-repair/', slug: 'automotive-service-repair' },
  { path: '/weekly-ad/', slug: 'weekly-ad' },
];

/** Pages that belong to later issues: a titled placeholder for now. */
export interface PlaceholderPageDef {
  path: string;
  title: string;
  description: string;
}

export const PLACEHOLDER_PAGES: PlaceholderPageDef[] = [];

/** The account pages (src/account/pages/; the sign-in page is LOGIN_PATH). */
export const ACCOUNT_PATHS = {
  home: '/account/',
  rewards: '/account/rewards/',
  updatePassword: '/account/update-password/',
  resetPassword: '/account/reset-password/',
} as const;

/** The checkout and its confirmation (src/checkout/pages/). */
export const CHECKOUT_PATHS = {
  checkout: '/checkout/',
  confirmation: '/checkout/confirmation/',
} as const;

/**
 * The order pages (src/orders/pages/): the customer's orders and order tracking. One order's
 * page (/account/orders/{orderNo}/) has no fixed path, so it is not among these.
 */
export const ORDER_PAGE_PATHS = {
  orders: '/account/orders/',
  trackOrder: '/account/track-your-order/',
} as const;

/**
 * The gift registry pages (src/registry/pages/): the customer's registries, one registry
 * (`?id=`), and a shared registry as anyone with its link sees it (`?key=`).
 */
export const REGISTRY_PATHS = {
  list: '/gift-registry/list/',
  manage: '/gift-registry/manage/',
  view: '/gift-registry/view/',
} as const;

/**
 * The pages routes.tsx renders besides the content and placeholder pages (stores, products
 * and departments are looked up by the server). The build writes all of them to
 * dist/routes.json, from which the server answers an unknown path with status 404.
 */
export const APP_PATHS: string[] = [
  '/',
  '/store-finder/',
  '/s/',
  '/cart/',
  '/newsletter/unsubscribe/',
  LOGIN_PATH,
  ...Object.values(ACCOUNT_PATHS),
  ...Object.values(REGISTRY_PATHS),
  ...Object.values(CHECKOUT_PATHS),
  ...Object.values(ORDER_PAGE_PATHS),
  CERTIFICATE_PATH,
];

/**
 * Links of the table the server answers itself, not pages of the app: sign-out is its GET
 * (303 to `refUrl`). A link to one must load the document (`<a href>`, never a router
 * `<Link>`); the route table only turns a client-side navigation there into that load.
 */
export const SERVER_PATHS: string[] = [LOGOUT_PATH];

export const STORE_FINDER_PATH = '/store-finder/';
export const SEARCH_PATH = '/s/';

/** Store details URL. */
export function storeHref(urlAlias: string): string {
  return `/stores/${encodeURIComponent(urlAlias)}`;
}

/** Every local path of the spec's links table (for tests); /stores/{urlAlias} excluded. */
export const SPEC_PATHS: string[] = [
  '/rewards/', '/mobile-app/', '/about-us/', '/history/', '/community/', '/blog/',
  '/blog/category/events-news/', '/modeling/', '/mastercard/', '/store-finder/', '/faq/',
  '/shipping-returns/', '/best-price-promise/', '/coupons/', '/coupon-acceptance-policy/',
  '/customer-care/',
  '/sds-request/', '/recalls/', '/rebates/', '/theme-song/', '/legal-notice/', '/privacy-policy/',
  '/account/certificate/',
  '/automotive-service/', '/store-pickup/', '/same-day-local-delivery/', '/farms/', '/animalrx/',
  '/gift-registry/', '/gift-registry/list/', '/gift-cards/', '/gift-ideas/', '/best-program/',
  '/small-engine-repair-and-parts/', '/fishing-hunting-licenses/', '/other-services/',
  '/account/', '/account/orders/', '/account/rewards/', '/account/track-your-order/',
  '/account/logout/', '/account/login/', '/cart/',
  '/tires/', '/batteries/', '/automotive-service-repair/',
  '/s/',
];
