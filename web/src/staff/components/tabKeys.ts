/**
 * Where the arrow keys, Home and End move the selection of a row of tabs (the console's
 * list filters): right to the next (the last wraps to the first), left to the one before,
 * Home to the first, End to the last. Null for any other key (the tab keeps it).
 */
export function tabMove(key: string, at: number, count: number): number | null {
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return (at + 1) % count;
    case 'ArrowLeft':
      return (at + last) % count;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
