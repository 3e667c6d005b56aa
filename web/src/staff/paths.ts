/**
 * The staff console's addresses, titles and sentences. The server answers staff.html for
 * /staff and every path under /staff/ (and /staff.html itself, the pins page as a file).
 */
import type { StaffRole } from './api/staff';

export const STAFF_HOME = '/staff/';

export const STAFF_PATHS = {
  home: STAFF_HOME,
  pins: '/staff/merch/pins/',
  searchIndex: '/staff/merch/search-index/',
  nullResults: '/staff/merch/null-results/',
  synonyms: '/staff/merch/synonyms/',
  audit: '/staff/merch/audit/',
  reviews: '/staff/merch/reviews/',
  analytics: '/staff/analytics/',
  liveEvents: '/staff/analytics/live/',
  pickup: '/staff/orders/pickup/',
  exemptions: '/staff/tax-exemptions/',
  acceptInvite: '/staff/accept-invite/',
  /** The pins page as a file (staff-token only, before the console). */
  legacyPins: '/staff.html',
} as const;

export const TITLE_SUFFIX = 'Storefront staff';

/** 'Pickup queue | Storefront staff' */
export function staffTitle(title: string): string {
  return `${title} | ${TITLE_SUFFIX}`;
}

export const NO_STAFF_ROLE_MESSAGE = 'Your account has no staff role.';
export const ROLE_LACKING_MESSAGE = 'Your staff role does not allow this page.';
export const NOT_FOUND_MESSAGE = 'There is no staff page at this address.';

/** The shoppers' sign-in page, coming back to `here` (a console path and query) after it. */
export function signInUrl(here: string): string {
  return `/account/login/?refUrl=${encodeURIComponent(here)}`;
}

/** Sign out, back to the console (which then asks to sign in). */
export const SIGN_OUT_URL = '/account/logout/?refUrl=/staff/';

/** A page of the console, as the navigation and the home page's cards list it. */
export interface StaffPageLink {
  label: string;
  path: string;
  description: string;
}

/** What each role does here: the navigation's group and the home page's card. */
export interface RoleArea {
  role: StaffRole;
  /** The navigation group's and the card's heading. */
  title: string;
  description: string;
  /** Only pages that exist. */
  pages: StaffPageLink[];
}

export const ROLE_AREAS: readonly RoleArea[] = [
  {
    role: 'merchandiser',
    title: 'Merchandising',
    description: 'Shape what shoppers find when they search, and moderate product reviews.',
    pages: [
      {
        label: 'Pins',
        path: STAFF_PATHS.pins,
        description: 'Pin results to the top of a keyword’s results, unpin them and set their order.',
      },
      {
        label: 'Search index',
        path: STAFF_PATHS.searchIndex,
        description: 'See how many products the search index holds and rebuild it from the catalog.',
      },
      {
        label: 'Searches with no results',
        path: STAFF_PATHS.nullResults,
        description: 'See what shoppers searched for and did not find; send a keyword to a page of the store.',
      },
      {
        label: 'Synonyms',
        path: STAFF_PATHS.synonyms,
        description: 'Make a search for some words find others too: draft rules, preview them, publish them, roll back.',
      },
      {
        label: 'Changes to search',
        path: STAFF_PATHS.audit,
        description: 'See who pinned results, set redirects, blocked popular entries and changed synonyms, and when.',
      },
      {
        label: 'Reviews',
        path: STAFF_PATHS.reviews,
        description: 'Look at held and reported product reviews: publish them, hide them or reply as the store.',
      },
    ],
  },
  {
    role: 'analyst',
    title: 'Analytics',
    description: 'Read how shoppers search and buy.',
    pages: [
      {
        label: 'Analytics',
        path: STAFF_PATHS.analytics,
        description: 'Searches, click-through, conversion, products and widgets over a range of days, as charts, tables and CSV.',
      },
      {
        label: 'Live events',
        path: STAFF_PATHS.liveEvents,
        description: 'Watch tracking and domain events as they happen.',
      },
    ],
  },
  {
    role: 'operator',
    title: 'Operations',
    description: 'Watch the store’s health and its pipelines. Their pages are not in the console yet.',
    pages: [],
  },
  {
    role: 'associate',
    title: 'Store',
    description: 'Work your store’s orders and customers’ applications.',
    pages: [
      {
        label: 'Pickup queue',
        path: STAFF_PATHS.pickup,
        description: 'See the orders waiting at your store; mark them ready, then picked up.',
      },
      {
        label: 'Tax exemptions',
        path: STAFF_PATHS.exemptions,
        description: 'Check customers’ tax-exemption certificates; approve or reject their applications.',
      },
    ],
  },
];

/** The areas of the roles held, in the navigation's order. */
export function areasOf(roles: readonly StaffRole[]): RoleArea[] {
  return ROLE_AREAS.filter((area) => roles.includes(area.role));
}
