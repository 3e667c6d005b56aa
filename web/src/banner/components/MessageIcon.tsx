const PATHS: Record<string, string> = {
  truck:
    'M3 5h11v9h1.5l.5-5h3.2L22 12.6V17h-1.8a2.5 2.5 0 0 1-4.9 0H9.7a2.5 2.5 0 0 1-4.9 0H3V5Zm2 2v8h.3a2.5 2.5 0 0 1 4.1 0H12V7H5Zm12 4v4.3a2.5 2.5 0 0 1 2.9.7H20v-3l-1.4-2H17ZM7.3 16.3a.8.8 0 1 0 0 1.5.8.8 0 0 0 0-1.5Zm10.5 0a.8.8 0 1 0 0 1.5.8.8 0 0 0 0-1.5Z',
  tag: 'M3 3h8.6L21 12.4 12.4 21 3 11.6V3Zm2 2v5.8l7.4 7.4 5.8-5.8L10.8 5H5Zm3 1.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z',
  store:
    'M4 3h16l2 6a3 3 0 0 1-2 2.8V21H4v-9.2A3 3 0 0 1 2 9l2-6Zm1.4 2-1.3 4a1 1 0 0 0 2 .1V9h2v.1a1 1 0 0 0 2 0V9h2v.1a1 1 0 0 0 2 0V9h2v.1a1 1 0 0 0 2-.1l-1.3-4H5.4ZM6 12v7h3v-5h6v5h3v-7a3 3 0 0 1-2-.7 3 3 0 0 1-4 0 3 3 0 0 1-4 0 3 3 0 0 1-2 .7Zm5 4v3h2v-3h-2Z',
  clock:
    'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm1 3v4.6l3.2 3.2-1.4 1.4L11 12.4V7h2Z',
  gift: 'M9 2a3 3 0 0 1 3 1.8A3 3 0 0 1 17.8 6H21v5h-1v10H4V11H3V6h3.2A3 3 0 0 1 9 2Zm0 2a1 1 0 1 0 0 2h2a2 2 0 0 0-2-2Zm6 0a2 2 0 0 0-2 2h2a1 1 0 1 0 0-2ZM5 8v1h6V8H5Zm8 0v1h6V8h-6Zm-7 3v8h5v-8H6Zm7 0v8h5v-8h-5Z',
  info: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-1 6h2v7h-2v-7Zm0-3h2v2h-2V7Z',
};

/** The small icon before a site message; decorative. */
export function MessageIcon({ name }: { name: string | null }) {
  const d = (name && PATHS[name]) || PATHS.info!;
  return (
    <svg className="site-banner__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={d} />
    </svg>
  );
}
