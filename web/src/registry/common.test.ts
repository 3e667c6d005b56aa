import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../shared/forms';
import {
  eventTypeLabel,
  EVENT_DATE_MESSAGE,
  formatEventDate,
  INVALID_DATE_MESSAGE,
  latestEventDate,
  manageHref,
  maskWantedQuantity,
  parseWantedQuantity,
  REGISTRY_QUANTITY_MESSAGE,
  validateEventDate,
  validateRegistryName,
  validateWantedQuantity,
} from './common';

/** Noon local time, so the day is the same in every time zone the tests run in. */
const NOW = new Date(2025, 2, 4, 12, 0, 0);

describe('event dates', () => {
  it('read as the day itself, whatever the time zone', () => {
    expect(formatEventDate('2026-06-14')).toBe('June 14, 2026');
    expect(formatEventDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatEventDate('2026-02-30')).toBe('');
    expect(formatEventDate('')).toBe('');
  });

  it('run from today to two years ahead', () => {
    expect(latestEventDate(NOW)).toBe('2027-03-04');
    expect(validateEventDate('', NOW)).toBe(MESSAGES.required);
    expect(validateEventDate('2025-13-01', NOW)).toBe(INVALID_DATE_MESSAGE);
    expect(validateEventDate('2025-03-03', NOW)).toBe(EVENT_DATE_MESSAGE);
    expect(validateEventDate('2025-03-04', NOW)).toBeNull();
    expect(validateEventDate('2027-03-04', NOW)).toBeNull();
    expect(validateEventDate('2027-03-05', NOW)).toBe(EVENT_DATE_MESSAGE);
    expect(EVENT_DATE_MESSAGE).toBe('Please choose a date from today to 2 years from now.');
  });
});

describe('the create form’s rules', () => {
  it('a name is required and at most 100 characters', () => {
    expect(validateRegistryName('  ')).toBe('This field is required.');
    expect(validateRegistryName('x'.repeat(100))).toBeNull();
    expect(validateRegistryName(` ${'x'.repeat(100)} `)).toBeNull();
    expect(validateRegistryName('x'.repeat(101))).toBe('Must be 100 characters or less.');
  });

  it('a wanted quantity is 1 to 99', () => {
    expect(parseWantedQuantity('1')).toBe(1);
    expect(parseWantedQuantity('99')).toBe(99);
    expect(parseWantedQuantity('0')).toBeNull();
    expect(parseWantedQuantity('100')).toBeNull();
    expect(parseWantedQuantity('')).toBeNull();
    expect(validateWantedQuantity('0')).toBe(REGISTRY_QUANTITY_MESSAGE);
    expect(REGISTRY_QUANTITY_MESSAGE).toBe('Please enter a quantity from 1 to 99.');
    expect(maskWantedQuantity('a1b23')).toBe('12');
  });
});

describe('links and labels', () => {
  it('the manage page takes the id in its query', () => {
    expect(manageHref('rg 1&2')).toBe('/gift-registry/manage/?id=rg%201%262');
  });

  it('an event type the client does not know shows as sent', () => {
    expect(eventTypeLabel('Wedding')).toBe('Wedding');
    expect(eventTypeLabel('Graduation')).toBe('Graduation');
  });
});
