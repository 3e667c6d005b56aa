import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useDepartmentsStore } from '../../stores';
import { renderRoute } from '../../test/renderRoute';
import { searchUrl } from './SearchForm';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json([])),
  );
  useDepartmentsStore.getState().reset();
});

describe('SearchForm', () => {
  it('is a labelled GET search form to /s/ with a keyword field', () => {
    renderRoute('/');

    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/s/');
    expect(form).toHaveAttribute('method', 'get');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveAttribute(
      'name',
      'keyword',
    );
  });

  it('navigates to /s/?keyword=… on submit', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/');

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'rope');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe('/s/');
      expect(router.state.location.search).toBe('?keyword=rope');
    });
  });

  it('trims the keyword and encodes it like a GET form', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/');

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), '  hay & feed {Enter}');

    await vi.waitFor(() => expect(router.state.location.search).toBe('?keyword=hay+%26+feed'));
  });

  it.each(['', '   '])('does not navigate for an empty search (%j)', async (text) => {
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    const input = screen.getByRole('searchbox', { name: 'Search products' });

    if (text) await user.type(input, text);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('');
    expect(input).toHaveFocus();
  });

  it('shows the current keyword on the search page', async () => {
    renderRoute('/s/?keyword=baler+twine');

    expect(await screen.findByRole('searchbox', { name: 'Search products' })).toHaveValue(
      'baler twine',
    );
  });

  it('builds search URLs', () => {
    expect(searchUrl('rope')).toBe('/s/?keyword=rope');
  });
});
