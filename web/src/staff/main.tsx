/**
 * The staff entry (staff.html): the staff console under /staff/ (routes.tsx), built apart from
 * the shoppers' app (index.html) so none of this code reaches a shopper's bundle —
 * scripts/bundle-size.mjs fails the build if it does.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { staffRoutes } from './routes';
import '../shared/styles/variables.css';
import '../shared/styles/base.css';
import './staff.css';

const container = document.getElementById('root');
if (!container) {
  throw new Error('Missing #root element');
}

const router = createBrowserRouter(staffRoutes);

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
