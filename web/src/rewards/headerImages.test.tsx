import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { renderInRouter } from '../header/testing';
import { HEADER_IMAGES, headerImageFor } from './headerImages';
import { RewardsMenuHost } from './RewardsMenuHost';
import { openRewardsMenu, REWARDS_STEPS, useRewardsMenu } from './rewardsMenuStore';

const loaded: string[] = [];

class RecordingImage {
  decoding = '';
  set src(value: string) {
    loaded.push(value);
  }
}

beforeEach(() => {
  loaded.length = 0;
  useRewardsMenu.getState().reset();
  vi.stubGlobal('Image', RecordingImage);
});

it('has three distinct pictures, one per kind of step', () => {
  const all = new Set(Object.values(HEADER_IMAGES));
  expect(all.size).toBe(3);
  expect(new Set(REWARDS_STEPS.map(headerImageFor))).toEqual(all);
  expect(headerImageFor('join')).toBe(HEADER_IMAGES.join);
  expect(headerImageFor('verification-connect')).toBe(HEADER_IMAGES.verify);
  expect(headerImageFor('customer-has-rewards')).toBe(HEADER_IMAGES.success);
});

it('preloads the three pictures when the menu first mounts, once', async () => {
  renderInRouter(<RewardsMenuHost />);
  expect(loaded).toEqual([]);
  act(() => openRewardsMenu('success'));
  await screen.findByRole('dialog', { name: 'Welcome to Rewards!' });
  // The preload is the menu's mount effect: on a busy machine it may run just after the dialog shows.
  await waitFor(() => expect([...loaded].sort()).toEqual(Object.values(HEADER_IMAGES).sort()));

  act(() => useRewardsMenu.getState().close());
  act(() => openRewardsMenu('success'));
  await screen.findByRole('dialog', { name: 'Welcome to Rewards!' });
  await act(async () => {}); // let the remount's effects run before counting
  expect(loaded).toHaveLength(3);
});
