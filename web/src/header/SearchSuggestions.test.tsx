import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_AUTOCOMPLETE } from '../shared/api/shell';
import { SearchSuggestions } from './SearchSuggestions';

function renderPanel(result = EMPTY_AUTOCOMPLETE, keyword = 'zzzq') {
  return render(
    <MemoryRouter>
      <SearchSuggestions
        id="panel"
        result={result}
        keyword={keyword}
        onClose={vi.fn()}
        onEscape={vi.fn()}
        onLeaveTop={vi.fn()}
      />
    </MemoryRouter>,
  );
}

describe('SearchSuggestions', () => {
  it('a keyword with no match shows a short message, announced, with no links', () => {
    renderPanel();
    expect(screen.getByRole('status')).toHaveTextContent('No suggestions for “zzzq”');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('with matches, the links and no message', () => {
    renderPanel({ ...EMPTY_AUTOCOMPLETE, brands: [{ url: '/s/?keyword=purina', html: '<strong>Pur</strong>ina' }] }, 'pur');
    expect(screen.getByRole('link', { name: 'Purina' })).toHaveAttribute('href', '/s/?keyword=purina');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
