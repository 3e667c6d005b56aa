import type { HeaderLink, MenuItem } from '../shared/api/shell';

/** spec §9 "Special department ids 12 and 13". */
export const AUTOMOTIVE_SERVICE_ID = 12;
export const ANIMAL_RX_ID = 13;
export const SPECIAL_DEPARTMENT_IDS: readonly number[] = [AUTOMOTIVE_SERVICE_ID, ANIMAL_RX_ID];

export interface MenuLink {
  text: string;
  url: string;
}

/** What the automotive (service center) panel offers. */
export const AUTOMOTIVE_LINKS: readonly MenuLink[] = [
  { text: 'Tires', url: '/tires/' },
  { text: 'Batteries', url: '/batteries/' },
  { text: 'Services & Repair', url: '/automotive-service-repair/' },
];

/** Fixed links of the lower list, after departments 12 and 13. */
export const LOWER_FIXED_LINKS: readonly MenuLink[] = [
  { text: 'Gift Cards', url: '/gift-cards/' },
  { text: 'Blog', url: '/blog/' },
];

export const REWARDS_PATH = '/rewards/';
export const ACCOUNT_REWARDS_PATH = '/account/rewards/';

/** The Rewards item goes to /account/rewards/ for signed-in customers, else /rewards/. */
export function rewardsPath(loggedIn: boolean): string {
  return loggedIn ? ACCOUNT_REWARDS_PATH : REWARDS_PATH;
}

export function isRewardsLink(link: HeaderLink): boolean {
  return link.link === REWARDS_PATH || link.link === ACCOUNT_REWARDS_PATH || link.text.trim() === 'Rewards';
}

/** Main departments (upper list) and the special ones (12, 13) for the lower list. */
export function splitDepartments(menu: readonly MenuItem[]): { main: MenuItem[]; special: MenuItem[] } {
  const main: MenuItem[] = [];
  const special: MenuItem[] = [];
  for (const item of menu) {
    (SPECIAL_DEPARTMENT_IDS.includes(item.id) ? special : main).push(item);
  }
  special.sort((a, b) => SPECIAL_DEPARTMENT_IDS.indexOf(a.id) - SPECIAL_DEPARTMENT_IDS.indexOf(b.id));
  return { main, special };
}

export function shopAllLabel(name: string): string {
  return `Shop All ${name}`;
}
