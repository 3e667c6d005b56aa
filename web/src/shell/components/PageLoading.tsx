/** Placeholder shown in the main area while a route module loads. */
export function PageLoading() {
  return (
    <p className="page-loading" role="status">
      Loading…
    </p>
  );
}
