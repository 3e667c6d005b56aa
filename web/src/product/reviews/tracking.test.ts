import { beforeEach, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../shared/tracking';
import { hawkRequests, recordHawkRequests, type RecordingImage } from '../../shared/tracking/testing';
import { isTrackableRating, trackRating } from './tracking';

let images: RecordingImage[];

beforeEach(() => {
  images = recordHawkRequests();
});

describe('the Rate event', () => {
  it('is tracked for 1 to 5 stars, with the product and the stars as value', () => {
    expect(EVENT_TYPES.Rate).toBe(5);
    for (const stars of [1, 2, 3, 4, 5]) {
      expect(isTrackableRating(stars)).toBe(true);
      expect(trackRating('4935743', stars)).toBe(true);
    }
    const sent = hawkRequests(images);
    expect(sent.map((r) => r.et)).toEqual([5, 5, 5, 5, 5]);
    expect(sent.map((r) => r.event.value)).toEqual([1, 2, 3, 4, 5]);
    expect(sent[0]!.event).toMatchObject({ event: 'Rate', version: 'v2', unique_id: '4935743', url: window.location.href });
  });

  it('never for anything else', () => {
    for (const value of [0, 6, -1, 4.5, Number.NaN, Infinity, '4', null, undefined, true]) {
      expect(isTrackableRating(value)).toBe(false);
      expect(trackRating('4935743', value)).toBe(false);
    }
    expect(hawkRequests(images)).toEqual([]);
  });
});
