import { describe, expect, it } from 'vitest';
import type { QueuedReview } from './api';
import {
  cardLabel,
  countText,
  productPath,
  ratingText,
  replyCount,
  reportedText,
  reviewName,
  sentence,
  waitingReasons,
} from './format';

const REVIEW: QueuedReview = {
  id: 'rv_1',
  product: '1001',
  productName: 'Cotton Rope',
  rating: 4,
  title: null,
  text: null,
  reviewer: 'Jane D.',
  verified: false,
  status: 'Held',
  holdReason: 'Contact',
  reports: 0,
  reportReasons: {},
  helpful: 0,
  reply: null,
  writtenAt: '2026-11-20T15:00:00Z',
  editedAt: null,
  moderatedBy: null,
  hiddenReason: null,
};

describe('the review moderation page’s words', () => {
  it('says the stars and names a review', () => {
    expect(ratingText(4)).toBe('4 out of 5');
    expect(reviewName(REVIEW)).toBe('the review of Cotton Rope by Jane D.');
    expect(cardLabel(REVIEW)).toBe('Review of Cotton Rope by Jane D.');
    expect(productPath('1001')).toBe('/product/1001/');
    expect(sentence('Hid the review of Cotton Rope by Jane D.')).toBe('Hid the review of Cotton Rope by Jane D.');
    expect(sentence('Hid the review of Cotton Rope by Jane')).toBe('Hid the review of Cotton Rope by Jane.');
  });

  it('counts the reports by reason, the most reported first, ties as sent', () => {
    expect(reportedText(0, {})).toBe('');
    expect(reportedText(2, { Spam: 1, OffTopic: 1 })).toBe('Reported 2 times: Spam 1, Off topic 1');
    expect(reportedText(1, { PersonalInformation: 1 })).toBe('Reported 1 time: Personal information 1');
    expect(reportedText(4, { Other: 1, Offensive: 3 })).toBe('Reported 4 times: Offensive 3, Other 1');
    expect(reportedText(3, { Rude: 3 })).toBe('Reported 3 times: Rude 3');
    expect(reportedText(2, {})).toBe('Reported 2 times');
  });

  it('says why a review waits: the hold while held, the reports', () => {
    expect(waitingReasons(REVIEW)).toEqual(['Has an email address or phone number']);
    expect(waitingReasons({ ...REVIEW, status: 'Published', reports: 1, reportReasons: { Spam: 1 } })).toEqual([
      'Reported 1 time: Spam 1',
    ]);
    expect(waitingReasons({ ...REVIEW, status: 'Hidden' })).toEqual([]);
  });

  it('counts the reply as the server does: blanks around it left out, one per character', () => {
    expect(replyCount('  hello  ')).toMatchObject({ used: 5, text: '5/2000', over: false, message: null });
    expect(replyCount('🙂'.repeat(2000))).toMatchObject({ used: 2000, over: false });
    expect(replyCount('x'.repeat(2005))).toMatchObject({
      text: '2005/2000',
      over: true,
      message: 'Exceeds 2000-character max by 5',
    });
  });

  it('says how many reviews a list holds', () => {
    expect(countText(1)).toBe('1 review, oldest first.');
    expect(countText(12)).toBe('12 reviews, oldest first.');
    expect(countText(200)).toBe('The oldest 200 reviews; more wait after them.');
  });
});
