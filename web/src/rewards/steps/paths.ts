/** The account page with the points (storefront-shell §2 account routes). */
export const ACCOUNT_REWARDS_PATH = '/account/rewards/';
