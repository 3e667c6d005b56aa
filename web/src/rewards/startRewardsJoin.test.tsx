import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSignInPanel } from '../account/signInPanelStore';
import { renderInRouter, setSession, SIGNED_IN } from '../header/testing';
import { useSession } from '../session';
import { RewardsMenuHost } from './RewardsMenuHost';
import { useRewardsMenu } from './rewardsMenuStore';
import { REWARDS_JOIN_KEY, rewardsJoinRequested, startRewardsJoin, useResumeRewardsJoin } from './startRewardsJoin';

vi.mock('../shared/api/reload', () => ({ reloadPage: vi.fn() }));

beforeEach(() => {
  useRewardsMenu.getState().reset();
  useSignInPanel.getState().reset();
  useSession.getState().reset();
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({ success: true, customerHasRewards: false, emailAlreadyLinked: false, sessionMFound: false, email: 'jane@example.com' }),
    ),
  );
});

function Resume() {
  useResumeRewardsJoin();
  return null;
}

describe('startRewardsJoin', () => {
  it('opens the rewards menu at join for a signed-in customer', async () => {
    setSession(SIGNED_IN);
    renderInRouter(<RewardsMenuHost />);
    act(() => startRewardsJoin());
    expect(await screen.findByRole('dialog', { name: 'Join Rewards' })).toBeInTheDocument();
    expect(useSignInPanel.getState().isOpen).toBe(false);
    expect(rewardsJoinRequested()).toBe(false);
  });

  it('opens the sign-in panel for a guest and remembers the join', () => {
    startRewardsJoin();
    expect(useSignInPanel.getState()).toMatchObject({ isOpen: true, page: 0 });
    expect(useRewardsMenu.getState().isOpen).toBe(false);
    expect(sessionStorage.getItem(REWARDS_JOIN_KEY)).toBe('1');
  });
});

describe('useResumeRewardsJoin', () => {
  it('opens the menu at join once the visitor is signed in and the sign-in panel closed', () => {
    renderInRouter(<Resume />);
    act(() => startRewardsJoin());
    act(() => useSignInPanel.getState().signInSucceeded());
    act(() => setSession(SIGNED_IN));
    // Still in the sign-in panel: not yet.
    expect(useRewardsMenu.getState().isOpen).toBe(false);
    act(() => useSignInPanel.getState().close());
    expect(useRewardsMenu.getState()).toMatchObject({ isOpen: true, step: 'join' });
    expect(rewardsJoinRequested()).toBe(false);
  });

  it('after the reload that follows a sign-in', () => {
    sessionStorage.setItem(REWARDS_JOIN_KEY, '1');
    renderInRouter(<Resume />);
    expect(useRewardsMenu.getState().isOpen).toBe(false);
    act(() => setSession(SIGNED_IN));
    expect(useRewardsMenu.getState()).toMatchObject({ isOpen: true, step: 'join' });
  });

  it('closing the sign-in panel without signing in forgets the join', () => {
    renderInRouter(<Resume />);
    act(() => startRewardsJoin());
    act(() => useSignInPanel.getState().close());
    expect(rewardsJoinRequested()).toBe(false);
    act(() => setSession(SIGNED_IN));
    expect(useRewardsMenu.getState().isOpen).toBe(false);
  });

  it('does nothing without a join request', () => {
    renderInRouter(<Resume />);
    act(() => setSession(SIGNED_IN));
    expect(useRewardsMenu.getState().isOpen).toBe(false);
  });

  it('leaves a rewards menu already open where it is', () => {
    sessionStorage.setItem(REWARDS_JOIN_KEY, '1');
    renderInRouter(<Resume />);
    act(() => useRewardsMenu.getState().open('verification-join', { phone: '(***) ***-1234' }));
    act(() => setSession(SIGNED_IN));
    expect(useRewardsMenu.getState().step).toBe('verification-join');
    expect(rewardsJoinRequested()).toBe(false);
  });
});
