/** Test fixtures for the store finder (imported by tests only). */
import type { Store, StoreSearchResult, StoreStatus } from '../shared/api/stores';

/** A store as the server sends it, but without `title` unless given (pages fall back to 'City, ST'). */
export function storeFixture(storeNum: number, city: string, overrides: Partial<Store> = {}): Store {
  const alias = city.toLowerCase().replace(/\W+/g, '-');
  const store: Omit<Store, 'title'> & Partial<Pick<Store, 'title'>> = {
    storeNum,
    city,
    cityAlias: alias,
    state: 'WI',
    address1: `${storeNum}00 Main St`,
    zip: '53545',
    phone: '(608) 752-9000',
    autoCenterPhone: '(608) 752-9010',
    hours: {
      Monday: '7:00 AM - 8:00 PM',
      Tuesday: '7:00 AM - 8:00 PM',
      Wednesday: '7:00 AM - 8:00 PM',
      Thursday: '7:00 AM - 8:00 PM',
      Friday: '7:00 AM - 8:00 PM',
      Saturday: '7:00 AM - 8:00 PM',
      Sunday: '8:00 AM - 6:00 PM',
    },
    autoHours: null,
    currentHours: { displayText: 'Open until 8:00 PM', displayStyle: 'open' },
    hoursStatus: 'Open',
    comingSoon: false,
    urlAlias: `${alias}-wi`,
    distanceMi: storeNum * 1.5,
    googlePlaceID: 'place',
    googleMapZoom: 14,
    localDeliveryInformation: { isEnabled: false, label: '' },
    lat: 42.7,
    lon: -89,
    timeZone: 'America/Chicago',
    ...overrides,
  };
  return store as Store;
}

export function searchResult(
  statusList: StoreStatus[],
  resolutionType: StoreSearchResult['resolutionType'] = 'Success',
  message?: string,
): StoreSearchResult {
  return { resolutionType, statusList, storeVariant: 'NoProduct', ...(message ? { message } : {}) };
}
