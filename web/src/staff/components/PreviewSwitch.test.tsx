import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setPreview } from '../preview/cookie';
import { me, mockStaffApi, renderStaff, resetStaff } from '../testing';

beforeEach(() => {
  resetStaff();
});

afterEach(() => {
  setPreview(false);
});

describe('Preview the store', () => {
  it('is on the merchandiser’s card of the home page and sets or clears the preview cookie', async () => {
    mockStaffApi({ 'GET /api/staff/me': me('merchandiser', 'analyst') });
    renderStaff('/staff/');
    const card = (await screen.findByRole('heading', { level: 2, name: 'Merchandising' })).closest('li')!;
    const toggle = within(card).getByRole('switch', { name: 'Preview the store' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription('Off: you see the store as shoppers do.');
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(document.cookie).toContain('sf_preview=1');
    expect(within(card).getByRole('link', { name: 'Open the store' })).toHaveAttribute('href', '/');
    await userEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(document.cookie).not.toContain('sf_preview=1');
    // Only the merchandiser's card has it.
    expect(screen.getAllByRole('switch')).toHaveLength(1);
  });

  it('shows the cookie’s state on the synonyms page', async () => {
    setPreview(true);
    mockStaffApi({ 'GET /api/staff/me': me('merchandiser') });
    renderStaff('/staff/merch/synonyms/');
    expect(await screen.findByRole('switch', { name: 'Preview the store' })).toBeChecked();
  });
});
