/**
 * Starts preview mode on the page: the preview's container at the top of the body, the page
 * marked (`html.staff-preview-on`: room for the bar, preview.css) and the preview app.
 */
import { createRoot } from 'react-dom/client';
import { takeFlash } from './flash';
import { PreviewApp } from './PreviewApp';
import './preview.css';

export const PREVIEW_ROOT_ID = 'staff-preview';

export function start(): void {
  if (document.getElementById(PREVIEW_ROOT_ID)) return;
  const host = document.createElement('div');
  host.id = PREVIEW_ROOT_ID;
  document.body.prepend(host);
  document.documentElement.classList.add('staff-preview-on');
  createRoot(host).render(<PreviewApp flash={takeFlash()} />);
}
