import type { ReactNode } from 'react';

/**
 * The box around a table that may be wider than the screen: it scrolls sideways, and it is a
 * labelled region that takes the focus, so that the table scrolls from the keyboard too.
 * `label` names the region (say it scrolls: 'Changes to search, scrollable'); while `busy`
 * (the rows are being read again) it is dimmed and says so.
 */
export function TableWrap({ label, busy = false, children }: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    <div className="staff-table-wrap" tabIndex={0} role="region" aria-label={label} aria-busy={busy || undefined}>
      {children}
    </div>
  );
}
