/**
 * The staff entry (staff.html): pages for merchandisers, built apart from the shoppers' app
 * (index.html) so none of this code reaches a shopper's bundle — scripts/bundle-size.mjs
 * fails the build if it does.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PinBoardPage } from './pages/PinBoardPage';
import '../shared/styles/variables.css';
import '../shared/styles/base.css';
import './staff.css';

const container = document.getElementById('root');
if (!container) {
  throw new Error('Missing #root element');
}

createRoot(container).render(
  <StrictMode>
    <header className="staff-header">
      <p className="staff-header__brand">Storefront staff</p>
    </header>
    <main id="main" className="staff-main">
      <PinBoardPage />
    </main>
  </StrictMode>,
);
