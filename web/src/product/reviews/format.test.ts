import { describe, expect, it } from 'vitest';
import {
  fillStep,
  formatReviewDate,
  halfStars,
  paragraphs,
  rangeText,
  ratedText,
  starsText,
  validateRating,
  validateReviewText,
  validateReviewTitle,
} from './format';

describe('words', () => {
  it('stars, ratings and ranges', () => {
    expect(starsText(1)).toBe('1 star');
    expect(starsText(5)).toBe('5 stars');
    expect(ratedText(4)).toBe('Rated 4 out of 5');
    expect(ratedText(4.26)).toBe('Rated 4.3 out of 5');
    expect(rangeText(1, 10, 10, 57)).toBe('Showing 1–10 of 57 reviews');
    expect(rangeText(6, 10, 7, 57)).toBe('Showing 51–57 of 57 reviews');
    expect(rangeText(1, 10, 1, 1)).toBe('Showing 1–1 of 1 review');
  });

  it('dates: long, in words; nothing for none or an unreadable one', () => {
    expect(formatReviewDate('2026-03-02T12:00:00Z')).toBe('March 2, 2026');
    expect(formatReviewDate(null)).toBe('');
    expect(formatReviewDate('soon')).toBe('');
  });

  it('paragraphs at blank lines', () => {
    expect(paragraphs('One.\n\n  Two,\nstill two.\n\n\n')).toEqual(['One.', 'Two,\nstill two.']);
    expect(paragraphs(null)).toEqual([]);
  });
});

describe('class steps for widths', () => {
  it('histogram bars in twentieths; any review shows at least one step', () => {
    expect(fillStep(30, 57)).toBe(11);
    expect(fillStep(57, 57)).toBe(20);
    expect(fillStep(1, 1000)).toBe(1);
    expect(fillStep(0, 57)).toBe(0);
    expect(fillStep(3, 0)).toBe(0);
  });

  it('stars in half stars', () => {
    expect(halfStars(4.3)).toBe(9);
    expect(halfStars(4.2)).toBe(8);
    expect(halfStars(5)).toBe(10);
    expect(halfStars(null)).toBe(0);
  });
});

describe('validators', () => {
  it('rating: the radio group message', () => {
    expect(validateRating('')).toBe('Please make a selection');
    expect(validateRating('3')).toBeNull();
  });

  it('title: optional, 100 characters at most', () => {
    expect(validateReviewTitle('')).toBeNull();
    expect(validateReviewTitle('t'.repeat(100))).toBeNull();
    expect(validateReviewTitle('t'.repeat(101))).toBe('Exceeds 100-character max by 1');
  });

  it('text: optional; when given 20 to 4000 characters', () => {
    expect(validateReviewText('')).toBeNull();
    expect(validateReviewText('   ')).toBeNull();
    expect(validateReviewText('Nineteen characters')).toBe('Must be at least 20 characters long.');
    expect(validateReviewText('   Nineteen characters   ')).toBe('Must be at least 20 characters long.');
    expect(validateReviewText('Twenty characters!!!')).toBeNull();
    expect(validateReviewText('x'.repeat(4000))).toBeNull();
    expect(validateReviewText('x'.repeat(4012))).toBe('Exceeds 4000-character max by 12');
  });
});
